import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ActorName, actor, serviceClient } from '../helpers.ts';

/**
 * Class 3: columns the caller must not choose. Every public table with created_at/updated_at is
 * found in the catalog (so a table added later is covered without a new case), and each is
 * attacked through supabase-js: the server's clock must win on insert and on update.
 */
const PAST = '2000-01-01T00:00:00+00:00';
const FUTURE = '2999-01-01T00:00:00+00:00';
const WRITERS: ActorName[] = ['memberA', 'memberB', 'clientA', 'admin', 'anon'];

type Table = { name: string; columns: string[]; pk: string[]; autoColumns: string[] };
let db: pg.Client;
let tables: Table[] = [];

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
  const r = await db.query<{ table_name: string; cols: string[]; pk: string[]; auto: string[] }>(`
    select c.table_name,
           array_agg(c.column_name::text) filter (where c.column_name in ('created_at', 'updated_at')) as cols,
           coalesce((select array_agg(k.column_name::text) from information_schema.key_column_usage k
              join information_schema.table_constraints tc on tc.constraint_name = k.constraint_name
               and tc.table_schema = k.table_schema and tc.constraint_type = 'PRIMARY KEY'
             where k.table_schema = 'public' and k.table_name = c.table_name), '{}') as pk,
           array_agg(c.column_name::text) filter (where c.column_default is not null
             and (c.column_default like '%auth.uid()%' or c.column_default like '%gen_random_uuid()%')) as auto
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
     group by c.table_name
    having bool_or(c.column_name in ('created_at', 'updated_at'))
     order by c.table_name`);
  tables = r.rows.map((row) => ({
    name: row.table_name,
    columns: row.cols,
    pk: row.pk,
    autoColumns: row.auto ?? [],
  }));
});
afterAll(() => db?.end());

const serverTime = (value: unknown) => Math.abs(new Date(String(value)).getTime() - Date.now()) < 60_000;

describe('server-owned timestamps on every table', () => {
  it('discovers the tables (positive control)', () => {
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['posts', 'messages', 'profiles']));
  });

  it('every table with created_at/updated_at has the server_timestamps trigger', async () => {
    const r = await db.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and exists (
          select 1 from pg_trigger tg where tg.tgrelid = c.oid
             and tg.tgfoid = 'private.server_timestamps()'::regprocedure
             and tg.tgtype & 2 = 2 and tg.tgtype & 4 = 4 and tg.tgtype & 16 = 16)`,
    );
    const guarded = new Set(r.rows.map((row) => row.relname));
    expect(tables.filter((t) => !guarded.has(t.name)).map((t) => t.name)).toEqual([]);
  });

  it('an insert that names created_at/updated_at gets the server clock, for every writer', async () => {
    const exercised: string[] = [];
    for (const table of tables) {
      const { data: sample } = await serviceClient().from(table.name).select('*').limit(5);
      for (const source of (sample ?? []) as Record<string, unknown>[]) {
        const row = { ...source };
        for (const col of table.autoColumns) delete row[col];
        for (const col of table.columns) row[col] = PAST;
        let done = false;
        for (const name of WRITERS) {
          const { db: client } = await actor(name);
          const { data, error } = await client.from(table.name).insert(row).select('*');
          if (error || !data?.[0]) continue;
          const inserted = data[0] as Record<string, unknown>;
          for (const col of table.columns)
            expect(serverTime(inserted[col]), `${table.name}.${col}`).toBe(true);
          let cleanup = serviceClient().from(table.name).delete();
          for (const key of table.pk) cleanup = cleanup.eq(key, inserted[key] as string);
          await cleanup;
          exercised.push(table.name);
          done = true;
          break;
        }
        if (done) break;
      }
    }
    // Members write posts, comments and likes; anyone writes contact messages. (Messages refuse
    // the columns outright: see the test below.)
    expect(exercised).toEqual(expect.arrayContaining(['posts', 'comments', 'contact_messages']));
  });

  it('a message that names created_at is refused (members may insert only its content columns)', async () => {
    const sender = await actor('memberA');
    const receiver = await actor('memberB');
    const { data, error } = await sender.db
      .from('messages')
      .insert({ receiver_id: receiver.id, content: 'backdated', created_at: PAST })
      .select('id');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    // Positive control: without the server-owned column the same insert goes through, at server time.
    const { data: ok, error: okError } = await sender.db
      .from('messages')
      .insert({ receiver_id: receiver.id, content: 'on time' })
      .select('id, created_at')
      .single();
    expect(okError).toBeNull();
    expect(serverTime(ok?.created_at)).toBe(true);
  });

  it('an update that names created_at/updated_at keeps created_at and stamps updated_at now', async () => {
    const exercised: string[] = [];
    for (const table of tables) {
      if (table.pk.length === 0) continue;
      const { data: sample } = await serviceClient().from(table.name).select('*').limit(20);
      for (const before of (sample ?? []) as Record<string, unknown>[]) {
        let changed: Record<string, unknown> | undefined;
        for (const name of WRITERS) {
          const { db: client } = await actor(name);
          const patch = Object.fromEntries(table.columns.map((col) => [col, FUTURE]));
          let query = client.from(table.name).update(patch);
          for (const key of table.pk) query = query.eq(key, before[key] as string);
          const { data, error } = await query.select('*');
          if (!error && data?.[0]) {
            changed = data[0] as Record<string, unknown>;
            break;
          }
        }
        if (!changed) continue;
        if (table.columns.includes('created_at')) expect(changed['created_at']).toBe(before['created_at']);
        if (table.columns.includes('updated_at')) expect(serverTime(changed['updated_at'])).toBe(true);
        exercised.push(table.name);
        break;
      }
    }
    expect(exercised).toEqual(expect.arrayContaining(['posts', 'profiles', 'comments']));
  });
});

describe('state timestamps are set by the state change, not the caller', () => {
  it('messages.read_at is the server time of marking read', async () => {
    const sender = await actor('memberA');
    const receiver = await actor('memberB');
    const refused = await sender.db
      .from('messages')
      .insert({ receiver_id: receiver.id, content: 'read_at attack', read_at: PAST })
      .select('id');
    expect(refused.error?.code).toBe('42501');
    const { data: sent, error } = await sender.db
      .from('messages')
      .insert({ receiver_id: receiver.id, content: 'read_at attack' })
      .select('*')
      .single();
    expect(error).toBeNull();
    expect(sent?.read_at).toBeNull();
    // Nobody writes read state directly: only the receiver's mark_conversation_read stamps it.
    const direct = await receiver.db
      .from('messages')
      .update({ read: true, read_at: PAST })
      .eq('id', sent?.id);
    expect(direct.error?.code).toBe('42501');
    const { error: markError } = await receiver.db.rpc('mark_conversation_read', {
      other: sender.id as string,
    });
    expect(markError).toBeNull();
    const { data: read } = await receiver.db
      .from('messages')
      .select('read, read_at')
      .eq('id', sent?.id)
      .single();
    expect(read?.read).toBe(true);
    expect(serverTime(read?.read_at)).toBe(true);
  });

  it('contact_messages.handled_at is the server time an admin handled it', async () => {
    const admin = await actor('admin');
    const anon = await actor('anon');
    const email = `handled-${Date.now()}@example.com`;
    const { error } = await anon.db.from('contact_messages').insert({
      first_name: 'A',
      last_name: 'B',
      email,
      subject: 'S',
      message: 'M',
      created_at: PAST,
    });
    expect(error).toBeNull();
    const { data } = await admin.db
      .from('contact_messages')
      .update({ handled_at: PAST })
      .eq('email', email)
      .select('*')
      .single();
    expect(serverTime(data?.handled_at)).toBe(true);
    expect(serverTime(data?.created_at)).toBe(true);
  });
});
