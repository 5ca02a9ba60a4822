import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { type WebSocket, WebSocketServer } from 'ws';
import { asRole } from './as-role.ts';
import { type Claims, verifyJwt } from './jwt.ts';
import { matchesFilter, parseFilter, type RowFilter } from './realtime-filter.ts';
import { createPolicyCache } from './realtime-policies.ts';

/**
 * Supabase Realtime subset: Phoenix channels (vsn 2.0.0 JSON arrays) with `postgres_changes`.
 * Table triggers NOTIFY {schema, table, type, id}; for each subscriber the row is read *as that
 * subscriber*, so an event reaches only those whose RLS lets them read the row.
 */
type Binding = {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  parsed: RowFilter | null;
};
type Channel = { topic: string; joinRef: string | null; claims: Claims; bindings: Binding[] };
type Client = { ws: WebSocket; channels: Map<string, Channel>; queue: Promise<void> };
type Change = {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  id: unknown;
  commit_timestamp: string;
  record?: Record<string, unknown>;
};
type Frame = [string | null, string | null, string, string, Record<string, unknown>];

export type Realtime = {
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  stop: () => Promise<void>;
};

export async function startRealtime(pool: pg.Pool, databaseUrl: string): Promise<Realtime> {
  const wss = new WebSocketServer({ noServer: true });
  const clients = new Set<Client>();
  let nextBindingId = 1;
  const policies = createPolicyCache(pool);

  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('error', (error: Error & { code?: string }) => {
    // 57P01: PostgreSQL is shutting down (Ctrl-C reaches it at the same time as us).
    if (error.code !== '57P01') console.error('[local realtime] listener error:', error.message);
  });
  listener.on('notification', (msg) => {
    if (msg.channel !== 'supabase_realtime' || !msg.payload) return;
    const change = JSON.parse(msg.payload) as Change;
    for (const client of clients) {
      client.queue = client.queue
        .then(() => deliver(client, change))
        .catch((error: Error) => {
          console.error('[local realtime] delivery failed:', error.message);
        });
    }
  });
  await listener.query('listen supabase_realtime');

  const send = (ws: WebSocket, frame: Frame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };

  async function deliver(client: Client, change: Change) {
    for (const channel of client.channels.values()) {
      const matching = channel.bindings.filter(
        (b) =>
          (b.event === '*' || b.event.toUpperCase() === change.type) &&
          (b.schema === '*' || b.schema === change.schema) &&
          (!b.table || b.table === '*' || b.table === change.table),
      );
      if (matching.length === 0) continue;
      let record: Record<string, unknown> | null = null;
      let ids: number[];
      if (change.type === 'DELETE') {
        // The row is gone, so (like Supabase) deletes are not filtered and carry only the key.
        ids = matching.filter((b) => !b.parsed || b.parsed.column === 'id').map((b) => b.id);
      } else if (change.record) {
        // Filters first (no query for rows nobody asked for), then RLS on this row version.
        const candidate = change.record;
        ids = matching.filter((b) => matchesFilter(b.parsed, candidate)).map((b) => b.id);
        if (ids.length === 0 || !(await visibleTo(channel.claims, change, candidate))) continue;
        record = candidate;
      } else {
        // Row too large for NOTIFY: read its current version as the subscriber.
        record = await readAs(channel.claims, change);
        if (!record) continue;
        const row = record;
        ids = matching.filter((b) => matchesFilter(b.parsed, row)).map((b) => b.id);
      }
      if (ids.length === 0) continue;
      const data: Record<string, unknown> = {
        schema: change.schema,
        table: change.table,
        commit_timestamp: change.commit_timestamp,
        type: change.type,
        columns: [],
        errors: null,
      };
      if (record) data['record'] = record;
      if (change.type !== 'INSERT') data['old_record'] = { id: change.id };
      send(client.ws, [channel.joinRef, null, channel.topic, 'postgres_changes', { ids, data }]);
    }
  }

  /**
   * Would the subscriber's SELECT policies let them see this row version? The table's
   * policies are evaluated, as the subscriber, against the changed row itself, so a row that
   * was changed again or deleted a moment later is still judged as it was.
   */
  async function visibleTo(
    claims: Claims,
    change: Change,
    record: Record<string, unknown>,
  ): Promise<boolean> {
    const rule = await policies.get(change.schema, change.table, claims.role);
    if (rule === false) return false;
    const table = `${pg.escapeIdentifier(change.schema)}.${pg.escapeIdentifier(change.table)}`;
    try {
      return await asRole(pool, claims, async (db) => {
        const r = await db.query(
          `select 1 from jsonb_populate_record(null::${table}, $1::jsonb) as ${pg.escapeIdentifier(change.table)} where ${rule}`,
          [JSON.stringify(record)],
        );
        return (r.rowCount ?? 0) > 0;
      });
    } catch (error) {
      console.error('[local realtime] policy check failed:', (error as Error).message);
      return false;
    }
  }

  async function readAs(claims: Claims, change: Change): Promise<Record<string, unknown> | null> {
    const table = `${pg.escapeIdentifier(change.schema)}.${pg.escapeIdentifier(change.table)}`;
    try {
      return await asRole(pool, claims, async (db) => {
        const r = await db.query<{ row: Record<string, unknown> }>(
          `select to_jsonb(t) as row from ${table} t where t.id::text = $1`,
          [String(change.id)],
        );
        return r.rows[0]?.row ?? null;
      });
    } catch {
      return null; // No privilege on the table at all: nothing to deliver.
    }
  }

  async function onMessage(client: Client, apiClaims: Claims, text: string) {
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      return;
    }
    const [joinRef, ref, topic, event, payload] = frame;
    const reply = (status: 'ok' | 'error', response: Record<string, unknown>) =>
      send(client.ws, [joinRef, ref, topic, 'phx_reply', { status, response }]);

    if (topic === 'phoenix' && event === 'heartbeat') return reply('ok', {});
    if (event === 'phx_join') {
      const token = typeof payload['access_token'] === 'string' ? payload['access_token'] : undefined;
      const claims = token ? await verifyJwt(token) : apiClaims;
      if (!claims) return reply('error', { reason: 'Invalid JWT: token is invalid or expired' });
      const config = (payload['config'] ?? {}) as { postgres_changes?: Array<Record<string, string>> };
      const bindings: Binding[] = [];
      for (const pc of config.postgres_changes ?? []) {
        const parsed = parseFilter(pc['filter']);
        if (parsed === 'invalid') return reply('error', { reason: `Invalid filter: ${pc['filter']}` });
        bindings.push({
          id: nextBindingId++,
          event: pc['event'] ?? '*',
          schema: pc['schema'] ?? 'public',
          ...(pc['table'] ? { table: pc['table'] } : {}),
          ...(pc['filter'] ? { filter: pc['filter'] } : {}),
          parsed,
        });
      }
      client.channels.set(topic, { topic, joinRef, claims, bindings });
      reply('ok', {
        postgres_changes: bindings.map(({ id, event: e, schema, table, filter }) => ({
          id,
          event: e,
          schema,
          table,
          filter,
        })),
      });
      if (bindings.length > 0) {
        send(client.ws, [
          joinRef,
          null,
          topic,
          'system',
          {
            channel: topic.replace(/^realtime:/, ''),
            extension: 'postgres_changes',
            message: 'Subscribed to PostgreSQL',
            status: 'ok',
          },
        ]);
      }
      return;
    }
    const channel = client.channels.get(topic);
    if (event === 'access_token') {
      const claims = await verifyJwt(String(payload['access_token'] ?? ''));
      if (channel && claims) channel.claims = claims;
      return;
    }
    if (event === 'phx_leave') {
      client.channels.delete(topic);
      reply('ok', {});
      send(client.ws, [joinRef, ref, topic, 'phx_close', {}]);
      return;
    }
    if (ref) reply('ok', {});
  }

  wss.on('connection', (ws: WebSocket, _req: IncomingMessage, apiClaims: Claims) => {
    const client: Client = { ws, channels: new Map(), queue: Promise.resolve() };
    clients.add(client);
    ws.on('message', (data) => {
      client.queue = client.queue.then(() => onMessage(client, apiClaims, data.toString()));
    });
    ws.on('close', () => clients.delete(client));
    ws.on('error', () => clients.delete(client));
  });

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://local');
      void verifyJwt(url.searchParams.get('apikey') ?? undefined).then((claims) => {
        if (!claims) {
          socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, claims));
      });
    },
    async stop() {
      for (const client of clients) client.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await listener.end().catch(() => undefined);
    },
  };
}
