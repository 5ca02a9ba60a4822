import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { CORS_HEADERS, readLimited } from './http-util.ts';
import { bearerToken } from './jwt.ts';
import { confirmToken } from './realtime-auth.ts';
import { encodeMessage, encodeUserBroadcast, type UserPayload } from './realtime-frames.ts';
import type { Channel } from './realtime-types.ts';

/**
 * Broadcast: fan-out to the channels of one topic (Realtime.MessageDispatcher) and the REST
 * endpoints `POST /api/broadcast` (batch, RealtimeWeb.BroadcastController) and
 * `POST /api/broadcast/:topic/events/:event` (single, what `channel.httpSend()` calls).
 */
export type Broadcast =
  | { kind: 'user'; userEvent: string; payload: UserPayload }
  | { kind: 'json'; payload: Record<string, unknown> };

/** Supabase's default max_payload_size_in_kb is 3000. */
export const MAX_PAYLOAD_BYTES = 3_000_000;

export const hubKey = (isPrivate: boolean, subTopic: string) =>
  `${isPrivate ? 'private' : 'public'}:${subTopic}`;

/** Sends to every live subscriber allowed to read broadcasts, except `from` unless it asked for `self`. */
export function fanOut(
  subscribers: Iterable<Channel>,
  from: Channel | null,
  message: Broadcast,
  live: (channel: Channel) => boolean,
): number {
  let sent = 0;
  for (const channel of subscribers) {
    if (channel === from && !channel.self) continue;
    if (channel.isPrivate && channel.policies?.broadcastRead !== true) continue;
    if (!live(channel)) continue;
    const { ws, vsn } = channel.client;
    let frame: string | Buffer | null;
    try {
      frame =
        message.kind === 'user'
          ? encodeUserBroadcast(vsn, channel.topic, message.userEvent, message.payload)
          : encodeMessage(vsn, null, null, channel.topic, 'broadcast', message.payload);
    } catch {
      return sent; // Not serializable (e.g. nested too deep): nobody gets it.
    }
    if (frame !== null && ws.readyState === ws.OPEN) {
      ws.send(frame);
      sent++;
    }
  }
  return sent;
}

export type BroadcastApi = {
  publish: (isPrivate: boolean, subTopic: string, message: Broadcast) => void;
  mayWrite: (claims: import('./jwt.ts').Claims, subTopic: string) => Promise<boolean>;
};

function reply(res: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    res.writeHead(status, CORS_HEADERS);
    res.end();
    return;
  }
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const batch = z.object({
  messages: z
    .array(
      z.object({
        topic: z.string().min(1).max(255),
        event: z.string().min(1).max(255),
        payload: z.record(z.string(), z.unknown()),
        private: z.boolean().nullish(),
        id: z.string().max(255).nullish(),
      }),
    )
    .min(1)
    .max(100),
});

const SINGLE = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/;

export async function handleBroadcastHttp(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  api: BroadcastApi,
): Promise<void> {
  const single = SINGLE.exec(path);
  if (req.method !== 'POST' || (path !== '/api/broadcast' && !single)) {
    return reply(res, 404, { message: 'not found' });
  }
  const token = bearerToken(req.headers);
  const auth = token ? await confirmToken(token) : null;
  if (!auth?.ok) return reply(res, 401, { message: 'Unauthorized' });
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const binary = type === 'application/octet-stream';
  if (type !== 'application/json' && !(single && binary)) {
    return reply(res, 415, { message: 'Unsupported content type' });
  }
  const body = await readLimited(req, MAX_PAYLOAD_BYTES);
  if (body === null) return reply(res, 413, { message: 'Payload size exceeds tenant limit' });

  let json: unknown = null;
  if (!binary) {
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return reply(res, 400, { message: 'Malformed JSON body' });
    }
  }

  if (single) {
    let subTopic: string;
    let userEvent: string;
    try {
      subTopic = decodeURIComponent(single[1] as string);
      userEvent = decodeURIComponent(single[2] as string);
    } catch {
      return reply(res, 400, { message: 'Malformed topic or event' });
    }
    if (subTopic.length > 255 || userEvent.length > 255) {
      return reply(res, 422, { errors: { topic: ['is too long'] } });
    }
    if (!binary && json === null) return reply(res, 422, { errors: { payload: ["can't be blank"] } });
    const isPrivate = url.searchParams.get('private') === 'true';
    if (isPrivate && !(await api.mayWrite(auth.claims, subTopic))) {
      return reply(res, 403, { message: 'Unauthorized' });
    }
    const payload: UserPayload = binary
      ? { encoding: 'binary', bytes: body }
      : { encoding: 'json', value: json };
    api.publish(isPrivate, subTopic, { kind: 'user', userEvent, payload });
    return reply(res, 202);
  }

  const parsed = batch.safeParse(json);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues.slice(0, 10)) {
      const field = issue.path.join('.') || 'messages';
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    return reply(res, 422, { errors });
  }
  // Private messages without write permission are dropped, as Supabase's batch endpoint does.
  const allowed = new Map<string, boolean>();
  for (const m of parsed.data.messages) {
    const isPrivate = m.private === true;
    if (isPrivate) {
      if (!allowed.has(m.topic)) allowed.set(m.topic, await api.mayWrite(auth.claims, m.topic));
      if (!allowed.get(m.topic)) continue;
    }
    const payload: Record<string, unknown> = { payload: m.payload, event: m.event, type: 'broadcast' };
    if (m.id) payload['meta'] = { id: m.id };
    api.publish(isPrivate, m.topic, { kind: 'json', payload });
  }
  return reply(res, 202);
}
