import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { confirmToken, type Extension, readPolicies, writePolicies } from './realtime-auth.ts';
import { type Broadcast, fanOut, hubKey } from './realtime-broadcast.ts';
import { toBindings } from './realtime-changes.ts';
import { describeIssues, joinPayload } from './realtime-frames.ts';
import type { PresenceDiff, PresenceHub } from './realtime-presence.ts';
import type { Channel, Client } from './realtime-types.ts';

/**
 * One channel's life, as RealtimeWeb.RealtimeChannel runs it: join (token, private-channel
 * authorization, postgres_changes, presence), broadcast and presence messages, token refresh,
 * and the shutdown when the token expires or permission is revoked.
 */
export type Ctx = {
  pool: pg.Pool;
  hubs: Map<string, Set<Channel>>;
  presence: PresenceHub<Channel>;
  nextBindingId: () => number;
  send: (client: Client, frame: string | Buffer) => void;
  encode: (
    client: Client,
    joinRef: string | null,
    ref: string | null,
    topic: string,
    event: string,
    payload: unknown,
  ) => string;
  enqueue: (client: Client, task: () => Promise<void>) => void;
};

const MAX_CHANNELS_PER_CLIENT = 100;
/** Supabase checks the token again at least every 5 minutes, and exactly at its expiry. */
const CONFIRM_TOKEN_MS = 5 * 60_000;

export function reply(
  ctx: Ctx,
  client: Client,
  frame: { joinRef: string | null; ref: string | null; topic: string },
  status: 'ok' | 'error',
  response: Record<string, unknown>,
) {
  ctx.send(
    client,
    ctx.encode(client, frame.joinRef, frame.ref, frame.topic, 'phx_reply', { status, response }),
  );
}

export function push(ctx: Ctx, channel: Channel, event: string, payload: unknown, joinRef = channel.joinRef) {
  ctx.send(channel.client, ctx.encode(channel.client, joinRef, null, channel.topic, event, payload));
}

/** A channel whose token expired stops here: system message, then closed. */
export function live(ctx: Ctx, channel: Channel): boolean {
  if (channel.closed) return false;
  const ago = Math.floor(Date.now() / 1000) - channel.exp;
  if (ago < 0) return true;
  shutdown(ctx, channel, `Token has expired ${ago} seconds ago`);
  return false;
}

function shutdown(ctx: Ctx, channel: Channel, message: string) {
  if (channel.closed) return;
  push(ctx, channel, 'system', { extension: 'system', status: 'error', message, channel: channel.subTopic });
  closeChannel(ctx, channel, true);
}

export function closeChannel(ctx: Ctx, channel: Channel, notify: boolean) {
  if (channel.closed) return;
  channel.closed = true;
  if (channel.timer) clearTimeout(channel.timer);
  if (channel.client.channels.get(channel.topic) === channel) channel.client.channels.delete(channel.topic);
  const hub = ctx.hubs.get(channel.hubKey);
  hub?.delete(channel);
  if (hub?.size === 0) ctx.hubs.delete(channel.hubKey);
  const diff = ctx.presence.untrack(channel.hubKey, channel);
  if (diff) publishPresenceDiff(ctx, channel.hubKey, diff);
  if (notify) push(ctx, channel, 'phx_close', {}, channel.joinRef);
}

function publishPresenceDiff(ctx: Ctx, key: string, diff: PresenceDiff) {
  for (const channel of ctx.hubs.get(key) ?? []) {
    if (channel.isPrivate && channel.policies?.presenceRead !== true) continue;
    if (live(ctx, channel)) push(ctx, channel, 'presence_diff', diff, null);
  }
}

export function publish(
  ctx: Ctx,
  isPrivate: boolean,
  subTopic: string,
  message: Broadcast,
  from: Channel | null = null,
) {
  return fanOut(ctx.hubs.get(hubKey(isPrivate, subTopic)) ?? [], from, message, (c) => live(ctx, c));
}

function scheduleExpiry(ctx: Ctx, channel: Channel) {
  if (channel.timer) clearTimeout(channel.timer);
  const ms = Math.max(0, Math.min(CONFIRM_TOKEN_MS, channel.exp * 1000 - Date.now() + 5));
  channel.timer = setTimeout(() => {
    ctx.enqueue(channel.client, async () => {
      if (channel.closed) return;
      const result = await confirmToken(channel.token);
      if (!result.ok) shutdown(ctx, channel, result.message);
      else scheduleExpiry(ctx, channel);
    });
  }, ms);
  channel.timer.unref();
}

const readExtensions = (channel: Channel): Extension[] =>
  channel.presenceEnabled ? ['broadcast', 'presence'] : ['broadcast'];

type Frame = { joinRef: string | null; ref: string | null; topic: string; payload: unknown };

export async function join(ctx: Ctx, client: Client, frame: Frame) {
  const error = (reason: string) => reply(ctx, client, frame, 'error', { reason });
  const subTopic = frame.topic.slice('realtime:'.length);
  if (!subTopic) return error('TopicNameRequired: You must provide a topic name');
  const parsed = joinPayload.safeParse(frame.payload);
  if (!parsed.success) return error(`InvalidJoinPayload: ${describeIssues(parsed.error)}`);
  const { access_token: accessToken, config } = parsed.data;
  const existing = client.channels.get(frame.topic);
  if (!existing && client.channels.size >= MAX_CHANNELS_PER_CLIENT) {
    return error('ChannelRateLimitReached: Too many channels');
  }
  // A token that is not a string, or an `sb_` API key, means: the socket's own key (as Supabase).
  const token =
    typeof accessToken === 'string' && !accessToken.startsWith('sb_') ? accessToken : client.apiToken;
  const auth = await confirmToken(token);
  if (!auth.ok) return error(auth.reason);
  const bindings = toBindings(config?.postgres_changes ?? [], ctx.nextBindingId);
  if (typeof bindings === 'string') return error(`InvalidJoinPayload: ${bindings}`);
  const isPrivate = config?.private === true;
  const key = config?.presence?.key;
  const channel: Channel = {
    client,
    topic: frame.topic,
    subTopic,
    joinRef: frame.joinRef,
    isPrivate,
    hubKey: hubKey(isPrivate, subTopic),
    token,
    claims: auth.claims,
    exp: auth.exp,
    timer: null,
    bindings,
    self: config?.broadcast?.self === true,
    ack: config?.broadcast?.ack === true,
    presenceKey: key === undefined || key === null || key === '' ? randomUUID() : String(key),
    presenceEnabled: config?.presence?.enabled === true,
    policies: null,
    closed: false,
  };
  if (isPrivate) {
    const read = await readPolicies(ctx.pool, auth.claims, subTopic, readExtensions(channel));
    channel.policies = {
      broadcastRead: read.broadcast ?? null,
      presenceRead: read.presence ?? null,
      broadcastWrite: null,
      presenceWrite: null,
    };
    if (!read.broadcast && !read.presence) {
      return error(`Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`);
    }
  }
  // The socket may have gone while the checks ran: then nothing is registered.
  if (client.ws.readyState !== client.ws.OPEN) return;
  // A second join of the same topic replaces the first (Phoenix closes the old channel).
  if (existing) closeChannel(ctx, existing, false);
  client.channels.set(frame.topic, channel);
  const hub = ctx.hubs.get(channel.hubKey) ?? new Set<Channel>();
  ctx.hubs.set(channel.hubKey, hub);
  hub.add(channel);
  scheduleExpiry(ctx, channel);
  const postgresChanges = bindings.map(({ id, event, schema, table, filter }) => ({
    id,
    event,
    schema,
    table,
    filter,
  }));
  reply(ctx, client, frame, 'ok', { postgres_changes: postgresChanges });
  if (bindings.length > 0) {
    const message = 'Subscribed to PostgreSQL';
    push(ctx, channel, 'system', { channel: subTopic, extension: 'postgres_changes', message, status: 'ok' });
  }
  if (channel.presenceEnabled && (!isPrivate || channel.policies?.presenceRead)) {
    push(ctx, channel, 'presence_state', ctx.presence.state(channel.hubKey));
  }
}

export async function accessToken(ctx: Ctx, channel: Channel, payload: unknown) {
  const token = (payload as { access_token?: unknown } | null)?.access_token;
  if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.token) return;
  const auth = await confirmToken(token);
  if (channel.closed) return;
  if (!auth.ok) return shutdown(ctx, channel, auth.message);
  Object.assign(channel, { token, claims: auth.claims, exp: auth.exp });
  if (channel.policies) {
    const before = channel.policies;
    const read = await readPolicies(ctx.pool, auth.claims, channel.subTopic, readExtensions(channel));
    channel.policies = {
      broadcastRead: read.broadcast ?? null,
      presenceRead: read.presence ?? before.presenceRead,
      broadcastWrite: null,
      presenceWrite: null,
    };
    if ((before.broadcastRead && !read.broadcast) || (before.presenceRead && read.presence === false)) {
      return shutdown(
        ctx,
        channel,
        `You no longer have permission to read from this Channel topic: ${channel.subTopic}`,
      );
    }
  }
  scheduleExpiry(ctx, channel);
}

/** `broadcast` from the client: to the topic's readers once the write policy allows it. */
export async function broadcast(ctx: Ctx, channel: Channel, frame: Frame, message: Broadcast | null) {
  if (!live(ctx, channel)) return;
  if (channel.policies && channel.policies.broadcastWrite === null) {
    const write = await writePolicies(ctx.pool, channel.claims, channel.subTopic, ['broadcast']);
    channel.policies.broadcastWrite = write.broadcast === true;
  }
  if (channel.policies?.broadcastWrite === false || channel.closed) return;
  if (message) publish(ctx, channel.isPrivate, channel.subTopic, message, channel);
  if (channel.ack) reply(ctx, channel.client, frame, 'ok', {});
}

/** `presence` from the client: `{event: 'track', payload}` or `{event: 'untrack'}`. */
export async function presence(ctx: Ctx, channel: Channel, frame: Frame) {
  if (!live(ctx, channel)) return;
  const ok = () => reply(ctx, channel.client, frame, 'ok', {});
  const fail = (response: Record<string, unknown> = {}) =>
    reply(ctx, channel.client, frame, 'error', response);
  const body = frame.payload;
  if (typeof body !== 'object' || body === null || typeof (body as { event?: unknown }).event !== 'string')
    return ok();
  const event = String((body as { event: string }).event).toLowerCase();
  if (event === 'untrack') {
    const diff = ctx.presence.untrack(channel.hubKey, channel);
    if (diff) publishPresenceDiff(ctx, channel.hubKey, diff);
    return ok();
  }
  if (event !== 'track') return fail();
  const meta = (body as { payload?: unknown }).payload ?? {};
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    return fail({ reason: 'Presence track payload must be a map' });
  }
  if (channel.policies && channel.policies.presenceWrite === null) {
    if (channel.policies.presenceRead === null) {
      const read = await readPolicies(ctx.pool, channel.claims, channel.subTopic, ['presence']);
      channel.policies.presenceRead = read.presence === true;
    }
    const write = await writePolicies(ctx.pool, channel.claims, channel.subTopic, ['presence']);
    channel.policies.presenceWrite = write.presence === true;
  }
  if (channel.closed) return;
  if (channel.policies?.presenceWrite === false) return fail();
  channel.presenceEnabled = true;
  const diff = ctx.presence.track(
    channel.hubKey,
    channel.presenceKey,
    channel,
    meta as Record<string, unknown>,
  );
  if (diff) publishPresenceDiff(ctx, channel.hubKey, diff);
  return ok();
}
