import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
