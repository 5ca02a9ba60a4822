import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { actor, freshUser, PASSWORD, url } from '../helpers.ts';

/**
 * Class 4: unbounded JSON. Every jsonb column of the public schema (found in the catalog) is sent
 * JSON nested far deeper than any reader copes with; user_metadata gets the same through GoTrue's
 * routes. All must be a 4xx, never a 5xx, and nothing deep may be stored.
 */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObject = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

let db: pg.Client;
let columns: { table: string; column: string }[] = [];
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
  const r = await db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.data_type in ('jsonb', 'json') and t.table_type = 'BASE TABLE'
      order by 1, 2`,
  );
  columns = r.rows.map((row) => ({ table: row.table_name, column: row.column_name }));
});
afterAll(() => db?.end());

describe('deep JSON through the REST API', () => {
  it('discovers the jsonb columns (positive control)', () => {
    expect(columns).toContainEqual({ table: 'profiles', column: 'social_links' });
  });

  it('every jsonb column answers 4xx to JSON nested 100,000 deep, and the stack keeps answering', async () => {
    const admin = await actor('admin');
    const token = (await admin.db.auth.getSession()).data.session?.access_token;
    const statuses: string[] = [];
    for (const { table, column } of columns) {
      // A real row, so that without the bound the admin's write would be stored.
      const row = await db.query(`select id from public.${table} limit 1`).catch(() => ({ rows: [] }));
      const id = (row.rows[0] as { id?: string } | undefined)?.id ?? '00000000-0000-4000-8000-000000000000';
      for (const depth of [100, 5_000, 100_000]) {
        const res = await fetch(`${url()}/rest/v1/${table}?id=eq.${id}`, {
          method: 'PATCH',
          headers: {
            apikey: inject('supabaseAnonKey'),
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          },
          body: `{"${column}": ${nested(depth)}}`,
        });
        if (res.status >= 500 || res.status < 400)
          statuses.push(`${table}.${column} depth ${depth}: ${res.status}`);
      }
    }
    expect(statuses).toEqual([]);
    expect((await fetch(`${url()}/health`)).status).toBe(200);
  });
});

describe('social_links is a flat object of known networks with URLs', () => {
  it('accepts known networks with https URLs (positive control)', async () => {
    const { db: member, id } = await freshUser();
    const links = { instagram: 'https://instagram.com/me', tiktok: 'https://tiktok.com/@me', facebook: '' };
    const { error } = await member.from('profiles').update({ social_links: links }).eq('user_id', id);
    expect(error).toBeNull();
  });

  it.each([
    ['nested 2000 deep', { instagram: nestedObject(2000) }],
    ['an unknown key', { myspace: 'https://myspace.com/me' }],
    ['a number', { twitter: 42 }],
    ['a javascript: link', { twitter: 'javascript:alert(1)' }],
    ['an overlong URL', { twitter: `https://x.com/${'a'.repeat(600)}` }],
    ['an array', ['https://x.com/me']],
  ])('refuses %s', async (_label, links) => {
    const { db: member, id } = await freshUser();
    const { error, status } = await member.from('profiles').update({ social_links: links }).eq('user_id', id);
    expect(error).not.toBeNull();
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    const r = await db.query('select social_links from public.profiles where user_id = $1', [id]);
    expect(r.rows[0].social_links).toEqual({});
  });
});

describe('user_metadata is bounded like GoTrue', () => {
  const auth = (path: string, body: unknown, token?: string, method = 'POST') =>
    fetch(`${url()}/auth/v1${path}`, {
      method,
      headers: {
        apikey: inject('supabaseAnonKey'),
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  it.each([
    ['nested 2000 deep', nestedObject(2000)],
    ['nested 20 deep', nestedObject(20)],
    ['larger than 16 KB', { bio: 'x'.repeat(20_000) }],
    ['not an object', 'just text'],
  ])('sign-up and PUT /user refuse metadata %s with 400', async (_label, data) => {
    const email = `meta-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signup = await auth('/signup', { email, password: PASSWORD, data });
    expect(signup.status).toBe(400);
    expect(['validation_failed', 'bad_json']).toContain((await signup.json()).error_code);
    const { db: member } = await freshUser();
    const token = (await member.auth.getSession()).data.session?.access_token;
    const put = await auth('/user', { data }, token, 'PUT');
    expect(put.status).toBe(400);
  });

  it('takes ordinary metadata (positive control)', async () => {
    const { db: member } = await freshUser();
    const { error } = await member.auth.updateUser({ data: { display_name: 'Ok', prefs: { lang: 'nl' } } });
    expect(error).toBeNull();
  });
});
