import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { confirmToken, writePolicies } from './realtime-auth.ts';
import { handleBroadcastHttp, MAX_PAYLOAD_BYTES } from './realtime-broadcast.ts';
import { type Change, mayWant, startChangeFeed } from './realtime-changes.ts';
import {
  accessToken,
  broadcast,
  type Ctx,
  closeChannel,
  join,
  live,
  presence,
  publish,
  push,
  reply,
} from './realtime-channel.ts';
import { decodeBinary, decodeText, encodeMessage, type Incoming, type Vsn } from './realtime-frames.ts';
import { PresenceHub } from './realtime-presence.ts';
import type { Channel, Client } from './realtime-types.ts';

/**
 * The local Supabase Realtime: Phoenix channels over `/realtime/v1/websocket` (serializers
 * 1.0.0 and 2.0.0) with `postgres_changes`, Broadcast and Presence, private channels authorized
 * by the RLS policies of `realtime.messages`, and Broadcast over HTTP (`/realtime/v1/api/...`).
 *
 * A frame that is not what a Realtime client sends costs at most its own socket: every frame is
 * decoded and validated before use, each socket's frames run one after another on its own
 * queue, and a failure there closes that socket, never the process.
 */
export type Realtime = {
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  handleHttp: (req: IncomingMessage, res: ServerResponse, path: string, url: URL) => Promise<void>;
  stop: () => Promise<void>;
};

/** A socket whose client stops reading is dropped instead of buffering without end. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** Frames per socket per second before it is closed (Supabase limits events per second too). */
const MAX_FRAMES_PER_SECOND = 500;

export async function startRealtime(pool: pg.Pool, databaseUrl: string): Promise<Realtime> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES + 64 * 1024 });
  const clients = new Set<Client>();
  let bindingId = 1;

  const ctx: Ctx = {
    pool,
    hubs: new Map(),
    presence: new PresenceHub(),
    nextBindingId: () => bindingId++,
    send(client, frame) {
      const { ws } = client;
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return void ws.terminate();
      ws.send(frame);
    },
    encode: (client, joinRef, ref, topic, event, payload) =>
      encodeMessage(client.vsn, joinRef, ref, topic, event, payload),
    enqueue(client, task) {
      client.queue = client.queue.then(task).catch((error: unknown) => {
        // A bug or a frame we failed to foresee: this socket goes, the stack stays.
        console.error('[local realtime] closing a socket after:', (error as Error)?.message ?? error);
        client.ws.close(1011, 'internal error');
      });
    },
  };

  const feed = await startChangeFeed(pool, databaseUrl, {
    onChange: (change) => {
      for (const client of clients) {
        const wanted = [...client.channels.values()].filter((channel) => mayWant(channel, change));
        if (wanted.length > 0) ctx.enqueue(client, () => deliverChange(wanted, change));
      }
    },
    onBroadcast: (m) => {
      const payload = { type: 'broadcast', event: m.event, payload: m.payload, meta: { id: m.id } };
      publish(ctx, m.private !== false, m.topic, { kind: 'json', payload });
    },
  });

  async function deliverChange(channels: Channel[], change: Change) {
    for (const channel of channels) {
      if (!live(ctx, channel)) continue;
      const payload = await feed.payloadFor(channel, change);
      if (payload && live(ctx, channel)) push(ctx, channel, 'postgres_changes', payload);
    }
  }

  async function onFrame(client: Client, frame: Incoming) {
    const { topic } = frame;
    if (frame.kind === 'message' && topic === 'phoenix' && frame.event === 'heartbeat') {
      return reply(ctx, client, frame, 'ok', {});
    }
    if (frame.kind === 'message' && frame.event === 'phx_join' && topic.startsWith('realtime:')) {
      return join(ctx, client, frame);
    }
    const channel = client.channels.get(topic);
    if (!channel) return reply(ctx, client, frame, 'error', { reason: 'unmatched topic' });
    if (frame.kind === 'user_broadcast') {
      const message = { kind: 'user' as const, userEvent: frame.userEvent, payload: frame.payload };
      return broadcast(ctx, channel, { ...frame, payload: null }, message);
    }
    switch (frame.event) {
      case 'phx_leave':
        reply(ctx, client, frame, 'ok', {});
        return closeChannel(ctx, channel, true);
      case 'access_token':
        return accessToken(ctx, channel, frame.payload);
      case 'broadcast': {
        // A JSON broadcast (vsn 1.0.0, or a hand-written frame) is forwarded as its payload map.
        const p = frame.payload;
        const ok = typeof p === 'object' && p !== null && !Array.isArray(p);
        return broadcast(
          ctx,
          channel,
          frame,
          ok ? { kind: 'json', payload: p as Record<string, unknown> } : null,
        );
      }
      case 'presence':
        return presence(ctx, channel, frame);
      default:
        return; // Unknown events are ignored, as Supabase does.
    }
  }

  function onConnection(ws: WebSocket, vsn: Vsn, apiToken: string) {
    const client: Client = { ws, vsn, apiToken, channels: new Map(), queue: Promise.resolve() };
    clients.add(client);
    let windowStart = Date.now();
    let frames = 0;
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const now = Date.now();
      if (now - windowStart >= 1000) [windowStart, frames] = [now, 0];
      if (++frames > MAX_FRAMES_PER_SECOND) return void ws.close(1008, 'too many messages per second');
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      const frame = isBinary ? decodeBinary(bytes, vsn) : decodeText(bytes.toString('utf8'), vsn);
      // Undecodable frames end the socket, as a Phoenix serializer error does.
      if (!frame) return void ws.close(1007, 'invalid frame');
      ctx.enqueue(client, () => onFrame(client, frame));
    });
    const gone = () => {
      if (!clients.delete(client)) return;
      for (const channel of [...client.channels.values()]) closeChannel(ctx, channel, false);
    };
    ws.on('close', gone);
    ws.on('error', gone);
  }

  function refuse(socket: Duplex, status: string, message: string) {
    const body = JSON.stringify({ error: message });
    socket.end(
      `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://local');
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0')
      return refuse(socket, '403 Forbidden', 'Unsupported vsn');
    const header = req.headers['apikey'];
    const apiToken = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : '');
    const auth = apiToken ? await confirmToken(apiToken) : null;
    if (!auth?.ok) return refuse(socket, '401 Unauthorized', auth?.reason ?? 'API key is missing');
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, vsnParam, apiToken));
  }

  return {
    handleUpgrade(req, socket, head) {
      // A client that resets mid-handshake must not throw an unhandled 'error' event.
      socket.on('error', () => socket.destroy());
      upgrade(req, socket, head).catch(() => socket.destroy());
    },
    handleHttp: (req, res, path, url) =>
      handleBroadcastHttp(req, res, path, url, {
        publish: (isPrivate, subTopic, message) => void publish(ctx, isPrivate, subTopic, message),
        mayWrite: async (claims, subTopic) =>
          (await writePolicies(pool, claims, subTopic, ['broadcast'])).broadcast === true,
      }),
    async stop() {
      for (const client of clients) client.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed.stop();
    },
  };
}
