import { describe, expect, it } from 'vitest';
import { policyGrantTable } from './migrate.ts';

describe('policyGrantTable: the statements supautils lets postgres run on tables it does not own', () => {
  it.each([
    ['create policy "a b" on storage.objects for select using (true);', 'storage.objects'],
    ['-- why\nCREATE POLICY x ON "storage"."buckets" using (true)', 'storage.buckets'],
    ['drop policy if exists "x" on realtime.messages;', 'realtime.messages'],
    ['alter policy x on auth.users using (false)', 'auth.users'],
  ])('%s', (sql, table) => {
    expect(policyGrantTable(sql)).toBe(table);
  });

  it.each([
    'create policy x on public.posts using (true)',
    'create policy x on posts using (true)',
    'create policy x on supabase_migrations.schema_migrations using (true)',
    'alter table storage.objects owner to postgres',
    'create trigger policy after insert on storage.objects execute function f()',
    'create policy x on "storage.objects" using (true)',
    'select 1; create policy x on storage.objects using (true)',
  ])('not %s', (sql) => {
    expect(policyGrantTable(sql)).toBeNull();
  });
});
