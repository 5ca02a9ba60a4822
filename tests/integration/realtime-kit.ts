import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { WebSocket } from 'ws';
import { signJwt } from '../../supabase/local/jwt.ts';

/** Helpers for realtime tests: supabase-js channels and raw Phoenix sockets. */

export const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 15));
  return check();
};

type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED';

/** Subscribes and resolves with the first final status (and the server's reason on error). */
export function subscribe(channel: RealtimeChannel): Promise<{ status: Status; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => resolve({ status: status as Status, ...(error ? { error } : {}) }));
  });
}

type Received = { event: string; payload: Record<string, unknown> };

/** A channel that records every broadcast it receives. */
export async function broadcastChannel(
  db: SupabaseClient,
  topic: string,
  config: { private?: boolean; self?: boolean; ack?: boolean; presence?: boolean } = {},
) {
  const received: Received[] = [];
  const system: Array<Record<string, unknown>> = [];
  const channel = db
    .channel(topic, {
      config: {
        private: config.private ?? false,
        broadcast: { self: config.self ?? false, ack: config.ack ?? false },
      },
    })
    .on('broadcast', { event: '*' }, (m) => received.push({ event: m.event, payload: m['payload'] }))
    .on('system', {}, (p) => system.push(p as Record<string, unknown>));
  // A presence listener is what makes realtime-js ask for presence (config.presence.enabled).
  if (config.presence) channel.on('presence', { event: 'sync' }, () => undefined);
  const result = await subscribe(channel);
  const has = (marker: string) => received.some((m) => m.payload['marker'] === marker);
  return { channel, received, system, result, has, close: () => db.removeChannel(channel) };
}

/** A token for `sub` signed with the local secret, valid for `seconds`. */
export function tokenFor(sub: string, seconds: number, extra: Record<string, unknown> = {}) {
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', ...extra }, seconds);
}

export const dmTopic = (a: string, b: string) => `dm:${[a, b].sort().join(':')}`;

type FramePayload = { status?: unknown; payload?: { marker?: unknown } } | undefined;

/** A raw Phoenix socket, as a hostile client would open one. */
export class RawSocket {
  readonly frames: Array<string | Buffer> = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) =>
      this.frames.push(isBinary ? Buffer.from(data as Buffer) : data.toString()),
    );
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
    ws.on('error', () => undefined);
  }

  static open(
    vsn: '1.0.0' | '2.0.0' | null = '2.0.0',
    apikey = inject('supabaseAnonKey'),
  ): Promise<RawSocket> {
    const base = inject('supabaseUrl').replace(/^http/, 'ws');
    const query = new URLSearchParams({ apikey, ...(vsn ? { vsn } : {}) });
    const ws = new WebSocket(`${base}/realtime/v1/websocket?${query}`);
    const socket = new RawSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(frame: string | Buffer) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
  }

  /** JSON text frames received, decoded as vsn 2.0.0 arrays or 1.0.0 objects. */
  messages(): Array<{ joinRef: unknown; ref: unknown; topic: string; event: string; payload: FramePayload }> {
    return this.frames
      .filter((f): f is string => typeof f === 'string')
      .map((f) => JSON.parse(f))
      .map((m) =>
        Array.isArray(m)
          ? { joinRef: m[0], ref: m[1], topic: m[2], event: m[3], payload: m[4] }
          : { joinRef: m.join_ref, ref: m.ref, topic: m.topic, event: m.event, payload: m.payload },
      );
  }

  reply(ref: string) {
    return this.messages().find((m) => m.event === 'phx_reply' && m.ref === ref);
  }

  async waitReply(ref: string, ms = 4000) {
    await until(() => this.reply(ref) !== undefined || this.closed !== null, ms);
    return this.reply(ref);
  }

  close() {
    this.ws.terminate();
  }
}
