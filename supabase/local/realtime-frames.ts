import { z } from 'zod';

/**
 * Phoenix frames as Supabase Realtime reads and writes them (RealtimeWeb.Socket.V2Serializer and
 * Phoenix's V1 JSONSerializer). Everything a client sends is parsed here into a validated
 * `Incoming`, or rejected as `null`; nothing else in the realtime code sees raw frames.
 *
 * - vsn 2.0.0 text: `[join_ref, ref, topic, event, payload]`
 * - vsn 2.0.0 binary kind 3 (user broadcast push, what realtime-js sends for `channel.send()`):
 *   `kind, join_ref_size, ref_size, topic_size, event_size, metadata_size, encoding` then the
 *   fields, then the user payload (encoding 1 = JSON, 0 = raw bytes)
 * - vsn 1.0.0 text: `{topic, event, payload, ref, join_ref}`
 */
export type Vsn = '1.0.0' | '2.0.0';

/** A broadcast's user payload: JSON (kept as parsed value) or raw bytes. */
export type UserPayload = { encoding: 'json'; value: unknown } | { encoding: 'binary'; bytes: Buffer };

export type Incoming =
  | {
      kind: 'message';
      joinRef: string | null;
      ref: string | null;
      topic: string;
      event: string;
      payload: unknown;
    }
  | {
      kind: 'user_broadcast';
      joinRef: string | null;
      ref: string | null;
      topic: string;
      userEvent: string;
      payload: UserPayload;
    };

const ref = z
  .union([z.string().max(255), z.number().int()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));
const topic = z.string().min(1).max(255);
const event = z.string().min(1).max(255);

const v2Text = z.tuple([ref, ref, topic, event, z.unknown()]).rest(z.unknown());
const v1Text = z.object({ join_ref: ref, ref, topic, event, payload: z.unknown() });

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function decodeText(text: string, vsn: Vsn): Incoming | null {
  const json = parseJson(text);
  if (!json.ok) return null;
  if (vsn === '2.0.0') {
    // Five elements or more, as Supabase's V2Serializer demands; a missing payload is no frame.
    if (!Array.isArray(json.value) || json.value.length < 5) return null;
    const r = v2Text.safeParse(json.value);
    if (!r.success) return null;
    const [joinRef, msgRef, t, e, payload] = r.data;
    return { kind: 'message', joinRef, ref: msgRef, topic: t, event: e, payload };
  }
  const r = v1Text.safeParse(json.value);
  if (!r.success) return null;
  return {
    kind: 'message',
    joinRef: r.data.join_ref,
    ref: r.data.ref,
    topic: r.data.topic,
    event: r.data.event,
    payload: r.data.payload,
  };
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Binary frames: only the user broadcast push (kind 3) of vsn 2.0.0, as Supabase accepts. */
export function decodeBinary(data: Buffer, vsn: Vsn): Incoming | null {
  if (vsn !== '2.0.0' || data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return null;
  const sizes = [data[1], data[2], data[3], data[4], data[5]] as number[];
  const encoding = data[6];
  if (encoding !== 0 && encoding !== 1) return null;
  let offset = 7;
  const fields: string[] = [];
  try {
    for (const size of sizes) {
      if (offset + size > data.length) return null;
      fields.push(utf8.decode(data.subarray(offset, offset + size)));
      offset += size;
    }
  } catch {
    return null; // Not UTF-8.
  }
  const [joinRef = '', msgRef = '', t = '', userEvent = '', metadata = ''] = fields;
  if (!t || !userEvent) return null;
  if (metadata && !parseJson(metadata).ok) return null;
  const rest = data.subarray(offset);
  let payload: UserPayload;
  if (encoding === 1) {
    // Checked here so that no other client's decoder is ever handed invalid JSON.
    const text = (() => {
      try {
        return utf8.decode(rest);
      } catch {
        return null;
      }
    })();
    const json = text === null ? { ok: false as const } : parseJson(text);
    if (!json.ok) return null;
    payload = { encoding: 'json', value: json.value };
  } else {
    payload = { encoding: 'binary', bytes: Buffer.from(rest) };
  }
  return {
    kind: 'user_broadcast',
    joinRef: joinRef || null,
    ref: msgRef || null,
    topic: t,
    userEvent,
    payload,
  };
}

/** A frame to one client, encoded for the serializer that client asked for. */
export function encodeMessage(
  vsn: Vsn,
  joinRef: string | null,
  msgRef: string | null,
  t: string,
  e: string,
  payload: unknown,
): string {
  return vsn === '2.0.0'
    ? JSON.stringify([joinRef, msgRef, t, e, payload])
    : JSON.stringify({ topic: t, event: e, payload, ref: msgRef, join_ref: joinRef });
}

/**
 * A broadcast to one subscriber. vsn 2.0.0 gets Supabase's binary user broadcast (kind 4), which
 * realtime-js decodes back to `{type, event, payload}`; vsn 1.0.0 gets the same as JSON, and
 * cannot represent raw bytes (null: not sent), as in Supabase.
 */
export function encodeUserBroadcast(
  vsn: Vsn,
  t: string,
  userEvent: string,
  payload: UserPayload,
): string | Buffer | null {
  if (vsn === '1.0.0') {
    if (payload.encoding === 'binary') return null;
    return encodeMessage(vsn, null, null, t, 'broadcast', {
      type: 'broadcast',
      event: userEvent,
      payload: payload.value,
    });
  }
  const topicBytes = Buffer.from(t, 'utf8');
  const eventBytes = Buffer.from(userEvent, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) return null;
  const body =
    payload.encoding === 'json'
      ? Buffer.from(JSON.stringify(payload.value) ?? 'null', 'utf8')
      : payload.bytes;
  const header = Buffer.from([
    USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    payload.encoding === 'json' ? 1 : 0,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, body]);
}

// Join payload, as RealtimeWeb.Channels.Payloads.Join/Config validate it. -------------------------

/** Supabase's FlexibleBoolean: booleans and the strings "true"/"false". */
const flexBool = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .nullish()
  .transform((v) => v === true || v === 'true');

const postgresChange = z.object({
  event: z.string().max(20).optional(),
  schema: z.string().max(63).optional(),
  table: z.string().max(63).optional(),
  filter: z.string().max(1024).optional(),
});

const MAX_POSTGRES_CHANGES = 100;

export const joinPayload = z.object({
  access_token: z.unknown().optional(),
  config: z
    .object({
      broadcast: z.object({ self: flexBool, ack: flexBool }).partial().nullish(),
      presence: z
        .object({ enabled: flexBool, key: z.union([z.string().max(255), z.number()]).nullish() })
        .partial()
        .nullish(),
      postgres_changes: z
        .array(postgresChange.nullable())
        .max(MAX_POSTGRES_CHANGES)
        .nullish()
        .transform((list) => (list ?? []).filter((pc) => pc !== null)),
      private: flexBool,
    })
    .partial()
    .nullish(),
});

/** Short text for an error reply: which field failed, as Supabase's changeset errors do. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`)
    .join('; ');
}
