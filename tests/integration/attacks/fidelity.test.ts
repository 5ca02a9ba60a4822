import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runScript } from '../../../supabase/local/migrate.ts';
import { freshUser, newClient, PASSWORD, serviceClient } from '../helpers.ts';

/**
 * Class 10: the local imitation is no more lenient than Supabase's real schema on the points where
 * a project would fail after passing locally.
 */
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(() => db?.end());

describe('auth.users like GoTrue', () => {
  it("every user has '' (not NULL) in the token columns GoTrue scans as strings", async () => {
    const r = await db.query(
      `select email from auth.users where confirmation_token is null or recovery_token is null
          or email_change_token_new is null or email_change is null`,
    );
    expect(r.rows).toEqual([]);
    expect((await db.query('select count(*)::int as n from auth.users')).rows[0].n).toBeGreaterThan(5);
  });

  it('a user with a NULL token column cannot sign in, as on GoTrue (supabase/auth#1940)', async () => {
    const { id, email } = await freshUser();
    const ok = await newClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(ok.error).toBeNull();
    await db.query('update auth.users set recovery_token = null where id = $1', [id]);
    const { error } = await newClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error?.message).toBe('Database error querying schema');
  });
});

describe('storage schema like Supabase Storage', () => {
  it('storage.buckets has no policy: anon lists no buckets, the service role all', async () => {
    const policies = await db.query(
      "select policyname from pg_policies where schemaname = 'storage' and tablename = 'buckets'",
    );
    expect(policies.rows).toEqual([]);
    const anon = await newClient().storage.listBuckets();
    expect(anon.data ?? []).toEqual([]);
    const service = await serviceClient().storage.listBuckets();
    expect(service.data?.length).toBeGreaterThan(0);
  });

  it('plain SQL deletes on storage tables are refused; the Storage API still deletes', async () => {
    await expect(db.query("delete from storage.objects where bucket_id = 'no-such-bucket'")).rejects.toThrow(
      /Direct deletion from storage tables is not allowed/,
    );
    await expect(db.query("delete from storage.buckets where id = 'no-such-bucket'")).rejects.toThrow(
      /Direct deletion/,
    );
    const { db: member, id } = await freshUser();
    const path = `${id}/gone.png`;
    await member.storage
      .from('post-images')
      .upload(path, new Blob([new Uint8Array([137, 80])], { type: 'image/png' }));
    const { data } = await member.storage.from('post-images').remove([path]);
    expect(data).toHaveLength(1);
  });
});

describe('migrations apply as a non-superuser postgres, as on hosted Supabase', () => {
  it('postgres is not a superuser, and it owns what the migrations created', async () => {
    const role = await db.query(
      "select rolsuper, rolbypassrls, rolcreaterole from pg_roles where rolname = 'postgres'",
    );
    expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: true, rolcreaterole: true }]);
    const owners = await db.query(
      `select distinct tableowner::text as owner from pg_tables where schemaname in ('public', 'private')
       union select distinct proowner::regrole::text from pg_proc where pronamespace = 'public'::regnamespace`,
    );
    expect(owners.rows).toEqual([{ owner: 'postgres' }]);
    // The services' tables stay theirs: postgres may use them but not alter them.
    const foreign = await db.query(
      `select tableowner::text as owner from pg_tables
        where schemaname || '.' || tablename in ('auth.users', 'storage.objects', 'realtime.messages')
        order by tablename`,
    );
    expect(foreign.rows.map((r) => r.owner)).toEqual([
      'supabase_realtime_admin',
      'supabase_storage_admin',
      'supabase_auth_admin',
    ]);
  });

  const dryRun = (sql: string, asMigrationRole = true) =>
    runScript(db, 'fidelity.test', sql, { asMigrationRole, commit: false });

  it.each([
    [
      'an event trigger',
      `create function public.fidelity_evt() returns event_trigger language plpgsql as $$ begin end $$;
       create event trigger fidelity_evt on ddl_command_start execute function public.fidelity_evt();`,
      /permission denied to create event trigger/,
    ],
    ['taking over a Storage table', 'alter table storage.objects owner to postgres;', /must be owner/],
    ['altering a GoTrue table', 'alter table auth.users add column nickname text;', /must be owner/],
    ['switching back to the superuser', 'reset session authorization;', /switched to supabase_admin/],
  ])('%s fails as a migration, but not as the superuser (positive control)', async (_what, sql, error) => {
    await expect(dryRun(sql)).rejects.toThrow(error);
    await expect(dryRun(sql, false)).resolves.toBeUndefined();
  });

  it("a policy on storage.objects applies, as hosted's supautils policy_grants allow it", async () => {
    await expect(
      dryRun(`create policy "fidelity" on storage.objects for select to authenticated using (false);
              drop policy "fidelity" on "storage"."objects";
              create table public.fidelity_probe (id int);
              create trigger fidelity after insert on auth.users for each statement
                execute function storage.protect_delete();`),
    ).resolves.toBeUndefined();
    // Without the grant, a policy on a table postgres does not own is refused.
    await expect(
      dryRun('create policy "fidelity" on supabase_migrations.schema_migrations using (true);'),
    ).rejects.toThrow(/must be owner/);
  });
});
