import pg from 'pg';
import { z } from 'zod';
import type { Claims } from './jwt.ts';
import { matchesFilter, parseFilter } from './realtime-filter.ts';
import { createPolicyCache } from './realtime-policies.ts';
import type { Binding, Channel } from './realtime-types.ts';

/**
 * `postgres_changes`: table triggers NOTIFY {schema, table, type, id[, record]} (realtime.sql);
 * for each subscriber the row is judged *as that subscriber*, so an event reaches only those
 * whose RLS lets them read the row. Inserts into `realtime.messages` by `realtime.send()` arrive
 * on a second channel and become broadcasts.
 */
const change = z.object({
  schema: z.string(),
  table: z.string(),
  type: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  id: z.unknown(),
  commit_timestamp: z.string(),
  record: z.record(z.string(), z.unknown()).optional(),
});
export type Change = z.infer<typeof change>;

const dbBroadcast = z.object({
  id: z.string(),
  topic: z.string().min(1).max(255),
  event: z.string().min(1).max(255),
  private: z.boolean().nullable(),
  payload: z.unknown(),
});
export type DbBroadcast = z.infer<typeof dbBroadcast>;

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** The join's `postgres_changes` as bindings, or the reason they are refused. */
export function toBindings(
  list: Array<{
    event?: string | undefined;
    schema?: string | undefined;
    table?: string | undefined;
    filter?: string | undefined;
  }>,
  nextId: () => number,
): Binding[] | string {
  const bindings: Binding[] = [];
  for (const pc of list) {
    const event = pc.event ?? '*';
    if (!EVENTS.has(event.toUpperCase())) return `Invalid event: ${event.slice(0, 20)}`;
    const parsed = parseFilter(pc.filter);
    if (parsed === 'invalid') return `Invalid filter: ${pc.filter?.slice(0, 100)}`;
    bindings.push({
      id: nextId(),
      event,
      schema: pc.schema ?? 'public',
      ...(pc.table ? { table: pc.table } : {}),
      ...(pc.filter ? { filter: pc.filter } : {}),
      parsed,
    });
  }
  return bindings;
}

function matchingBindings(channel: Channel, c: Change): Binding[] {
  return channel.bindings.filter(
    (b) =>
      (b.event === '*' || b.event.toUpperCase() === c.type) &&
      (b.schema === '*' || b.schema === c.schema) &&
      (!b.table || b.table === '*' || b.table === c.table),
  );
}

/** A cheap synchronous pre-check: could this change be for this channel at all? */
export function mayWant(channel: Channel, c: Change): boolean {
  const matching = matchingBindings(channel, c);
  if (matching.length === 0) return false;
  const record = c.record;
  return c.type === 'DELETE' || !record || matching.some((b) => matchesFilter(b.parsed, record));
}

export type ChangeFeed = {
  /** The `postgres_changes` payload for this channel, or null when nothing is for it. */
  payloadFor: (channel: Channel, change: Change) => Promise<Record<string, unknown> | null>;
  stop: () => Promise<void>;
};

export async function startChangeFeed(
  pool: pg.Pool,
  databaseUrl: string,
  handlers: { onChange: (change: Change) => void; onBroadcast: (message: DbBroadcast) => void },
): Promise<ChangeFeed> {
  const policies = createPolicyCache(pool);
  const onNotification = (msg: pg.Notification) => {
    let json: unknown;
    try {
      json = JSON.parse(msg.payload ?? '');
    } catch {
      return;
    }
    if (msg.channel === 'supabase_realtime') {
      const parsed = change.safeParse(json);
      if (parsed.success) handlers.onChange(parsed.data);
    } else if (msg.channel === 'supabase_realtime_broadcast') {
      const parsed = dbBroadcast.safeParse(json);
      if (parsed.success) handlers.onBroadcast(parsed.data);
    }
  };

  let listener: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  async function listen(first = false): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    let lost = false;
    const reconnect = (error?: Error & { code?: string }) => {
      // 57P01: PostgreSQL is shutting down (Ctrl-C reaches it at the same time as us).
      if (error && error.code !== '57P01') console.error('[local realtime] listener error:', error.message);
      if (lost || stopped) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      // PostgreSQL went away (a restart): listen again once it is back, every second.
      retry = setTimeout(() => void listen().catch(() => undefined), 1000);
      retry.unref();
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', onNotification);
    try {
      await client.connect();
      await client.query('listen supabase_realtime');
      await client.query('listen supabase_realtime_broadcast');
      listener = client;
    } catch (error) {
      if (first) {
        lost = true; // At start the caller reports the failure; later, keep trying.
        await client.end().catch(() => undefined);
      } else reconnect(error as Error);
      throw error;
    }
  }
  await listen(true);

  /**
   * One query as the subscriber, the way PostgREST runs it (role and claims local to a
   * transaction), in a single round trip: a burst of changes costs one round trip per check.
   * Every value is a literal escaped by pg; the role is one of the API roles.
   */
  async function asRoleOnce(claims: Claims, query: string): Promise<Array<Record<string, unknown>>> {
    if (!API_ROLES.has(claims.role)) throw new Error(`refusing to run as role ${claims.role}`);
    const db = await pool.connect();
    try {
      const results = (await db.query(
        `begin; set local role ${claims.role}; select set_config('request.jwt.claims', ${pg.escapeLiteral(JSON.stringify(claims))}, true); ${query}; rollback`,
      )) as unknown as pg.QueryResult[];
      return results[3]?.rows ?? [];
    } catch (error) {
      await db.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      db.release();
    }
  }

  /**
   * The checks of one row version under one condition, gathered while the change is handed to
   * every subscriber and run together: 500 subscribers of a new post cost one round trip
   * (_realtime.visible_to in realtime.sql), not 500.
   */
  type Batch = { claims: Claims[]; settle: Array<(visible: boolean) => void> };
  const batches = new WeakMap<Change, Map<string, Batch>>();

  async function checkOneByOne(claims: Claims, c: Change, record: Record<string, unknown>, rule: string) {
    const table = `${pg.escapeIdentifier(c.schema)}.${pg.escapeIdentifier(c.table)}`;
    try {
      const rows = await asRoleOnce(
        claims,
        `select 1 from jsonb_populate_record(null::${table}, ${pg.escapeLiteral(JSON.stringify(record))}::jsonb) as ${pg.escapeIdentifier(c.table)} where ${rule}`,
      );
      return rows.length > 0;
    } catch (error) {
      console.error('[local realtime] policy check failed:', (error as Error).message);
      return false;
    }
  }

  async function runBatch(c: Change, record: Record<string, unknown>, rule: string, batch: Batch) {
    const table = `${pg.escapeIdentifier(c.schema)}.${pg.escapeIdentifier(c.table)}`;
    try {
      const r = await pool.query<{ visible: number[] }>(
        'select _realtime.visible_to($1::regclass, $2, $3::jsonb, $4, $5::jsonb[], $6::text[]) as visible',
        [
          table,
          c.table,
          JSON.stringify(record),
          rule,
          batch.claims.map((claims) => JSON.stringify(claims)),
          batch.claims.map((claims) => claims.role),
        ],
      );
      const visible = new Set(r.rows[0]?.visible ?? []);
      for (const [i, settle] of batch.settle.entries()) settle(visible.has(i + 1));
    } catch (error) {
      // The batch function is missing or failed as a whole: judge each subscriber on its own.
      console.error('[local realtime] batched policy check failed:', (error as Error).message);
      await Promise.all(
        batch.settle.map(async (settle, i) =>
          settle(await checkOneByOne(batch.claims[i] as Claims, c, record, rule)),
        ),
      );
    }
  }

  /** Would the subscriber's SELECT policies let them see this row version? */
  async function visibleTo(claims: Claims, c: Change, record: Record<string, unknown>): Promise<boolean> {
    const rule = await policies.get(c.schema, c.table, claims.role).catch((error: Error) => {
      console.error('[local realtime] policy lookup failed:', error.message);
      return false as const; // The database is away: deliver nothing rather than guess.
    });
    if (rule === false) return false;
    // `using (true)`: every subscriber of this role may read it; no query per subscriber.
    if (rule.replace(/[\s()]/g, '') === 'true') return true;
    if (!API_ROLES.has(claims.role)) return false;
    let byRule = batches.get(c);
    if (!byRule) {
      byRule = new Map();
      batches.set(c, byRule);
    }
    let batch = byRule.get(rule);
    if (!batch) {
      const fresh: Batch = { claims: [], settle: [] };
      batch = fresh;
      byRule.set(rule, fresh);
      // Every subscriber's check of this change is queued within the same turn; run them after it.
      setImmediate(() => {
        byRule?.delete(rule);
        void runBatch(c, record, rule, fresh);
      });
    }
    batch.claims.push(claims);
    return new Promise<boolean>((resolve) => batch.settle.push(resolve));
  }

  async function readAs(claims: Claims, c: Change): Promise<Record<string, unknown> | null> {
    const table = `${pg.escapeIdentifier(c.schema)}.${pg.escapeIdentifier(c.table)}`;
    try {
      const rows = await asRoleOnce(
        claims,
        `select to_jsonb(t) as row from ${table} t where t.id::text = ${pg.escapeLiteral(String(c.id))}`,
      );
      return (rows[0]?.['row'] as Record<string, unknown> | undefined) ?? null;
    } catch {
      return null; // No privilege on the table at all: nothing to deliver.
    }
  }

  async function payloadFor(channel: Channel, c: Change): Promise<Record<string, unknown> | null> {
    const matching = matchingBindings(channel, c);
    if (matching.length === 0) return null;
    let record: Record<string, unknown> | null = null;
    let ids: number[];
    if (c.type === 'DELETE') {
      // The row is gone, so (like Supabase) deletes are not filtered and carry only the key.
      ids = matching.filter((b) => !b.parsed || b.parsed.column === 'id').map((b) => b.id);
    } else if (c.record) {
      // Filters first (no query for rows nobody asked for), then RLS on this row version.
      const candidate = c.record;
      ids = matching.filter((b) => matchesFilter(b.parsed, candidate)).map((b) => b.id);
      if (ids.length === 0 || !(await visibleTo(channel.claims, c, candidate))) return null;
      record = candidate;
    } else {
      // Row too large for NOTIFY: read its current version as the subscriber.
      record = await readAs(channel.claims, c);
      if (!record) return null;
      const row = record;
      ids = matching.filter((b) => matchesFilter(b.parsed, row)).map((b) => b.id);
    }
    if (ids.length === 0) return null;
    const data: Record<string, unknown> = {
      schema: c.schema,
      table: c.table,
      commit_timestamp: c.commit_timestamp,
      type: c.type,
      columns: [],
      errors: null,
    };
    if (record) data['record'] = record;
    if (c.type !== 'INSERT') data['old_record'] = { id: c.id };
    return { ids, data };
  }

  return {
    payloadFor,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await listener?.end().catch(() => undefined);
    },
  };
}
