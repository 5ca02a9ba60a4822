import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signJwt } from '../../../supabase/local/jwt.ts';
import { newClient, uid, url } from '../helpers.ts';
import { broadcastChannel, RawSocket, until } from '../realtime-kit.ts';

/**
 * Issue 13, class 1: a frame that is not what realtime-js sends costs at most its own socket.
 * Every frame of the corpus is sent over a raw socket (after a well-formed join, so frames aimed
 * at a joined channel are reached too); afterwards REST still answers and a well-formed
 * supabase-js channel still receives a broadcast sent after the attack (the positive control).
 * A new kind of bad frame is one more corpus line.
 */

type Outcome = 'error-reply' | 'closed' | 'system-error' | 'answered-or-closed';
type Case = {
  name: string;
  vsn?: '1.0.0' | '2.0.0';
  frames: (topic: string) => Array<string | Buffer>;
  expect: Outcome;
};

const tokens = {
  expired: () => signJwt({ role: 'authenticated', sub: crypto.randomUUID() }, -30),
  forged: () =>
    new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret')),
  noExp: async () => {
    const { JWT_SECRET } = await import('../../../supabase/local/keys.ts');
    return new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(JWT_SECRET));
  },
  superuser: () => signJwt({ role: 'postgres' }, 600),
  noneAlg: async () =>
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"role":"service_role","exp":9999999999}').toString('base64url')}.`,
};
const badTokens: Record<string, unknown> = { garbage: 'garbage', empty: '', number: 12345, object: { a: 1 } };

const join = (topic: string, payload: unknown, ref = 'j2') =>
  JSON.stringify(['j2', ref, topic, 'phx_join', payload]);
const push = (topic: string, event: string, payload: unknown) =>
  JSON.stringify(['1', 'p1', topic, event, payload]);
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

/** Builds a vsn 2.0.0 binary user broadcast push, with lengths that may lie. */
function binaryPush(o: { topic: string; event?: string; body?: Buffer; encoding?: number; lie?: number }) {
  const t = Buffer.from(o.topic);
  const e = Buffer.from(o.event ?? 'evt');
  const header = Buffer.from([3, 1, 2, t.length + (o.lie ?? 0), e.length, 0, o.encoding ?? 1]);
  return Buffer.concat([header, Buffer.from('1'), Buffer.from('p9'), t, e, o.body ?? Buffer.from('{}')]);
}

let resolvedTokens: Record<string, string> = {};

const corpus: Case[] = [
  ...[
    'null',
    '0',
    '42',
    '-1e309',
    '"text"',
    'true',
    '[]',
    '{}',
    '[null]',
    '[1,2,3,4,5]',
    'not json',
    '\u0000',
    '',
  ].map(
    (text): Case => ({ name: `text frame ${JSON.stringify(text)}`, frames: () => [text], expect: 'closed' }),
  ),
  { name: 'array nested 100000 deep', frames: () => [deep(100_000)], expect: 'closed' },
  {
    name: 'four-element frame',
    frames: (t) => [JSON.stringify([null, '9', t, 'phx_join'])],
    expect: 'closed',
  },
  {
    name: 'topic that is a number',
    frames: () => [JSON.stringify([null, '9', 42, 'phx_join', {}])],
    expect: 'closed',
  },
  {
    name: 'ref that is an object',
    frames: (t) => [JSON.stringify([{}, { a: 1 }, t, 'phx_join', {}])],
    expect: 'closed',
  },
  {
    name: 'topic of 300 characters',
    frames: () => [join(`realtime:${'x'.repeat(300)}`, {})],
    expect: 'closed',
  },
  ...[null, 5, 'x', [], true].map(
    (payload): Case => ({
      name: `phx_join with payload ${JSON.stringify(payload)}`,
      frames: () => [join(`realtime:other-${uid()}`, payload)],
      expect: 'error-reply',
    }),
  ),
  ...[
    { config: 5 },
    { config: { postgres_changes: 'x' } },
    { config: { postgres_changes: [1] } },
    { config: { postgres_changes: [{ filter: 123 }] } },
    { config: { postgres_changes: [{ event: 'BOGUS', schema: 'public', table: 'posts' }] } },
    { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'posts', filter: 'id=zz.1' }] } },
    { config: { postgres_changes: [{ table: {} }] } },
    { config: { postgres_changes: Array.from({ length: 500 }, () => ({ event: '*', schema: 'public' })) } },
    { config: { broadcast: 'yes' } },
    { config: { presence: { key: { nested: true } } } },
    { config: { private: 'maybe' } },
  ].map(
    (payload): Case => ({
      name: `phx_join with ${JSON.stringify(payload).slice(0, 80)}`,
      frames: () => [join(`realtime:other-${uid()}`, payload)],
      expect: 'error-reply',
    }),
  ),
  { name: 'phx_join without a topic name', frames: () => [join('realtime:', {})], expect: 'error-reply' },
  {
    name: 'phx_join on a topic outside realtime:',
    frames: () => [join('room:1', {})],
    expect: 'error-reply',
  },
  ...Object.keys(tokens).map(
    (name): Case => ({
      name: `phx_join with a ${name} access_token`,
      frames: () => [join(`realtime:other-${uid()}`, { access_token: resolvedTokens[name] })],
      expect: 'error-reply',
    }),
  ),
  ...[...Object.keys(tokens), 'garbage', 'empty'].map(
    (name): Case => ({
      name: `access_token event with a ${name} token`,
      frames: (t) => [push(t, 'access_token', { access_token: resolvedTokens[name] ?? badTokens[name] })],
      expect: 'system-error',
    }),
  ),
  ...Object.entries(badTokens)
    .filter(([, value]) => typeof value !== 'string')
    .map(
      ([name, value]): Case => ({
        name: `access_token event with ${name}`,
        frames: (t) => [push(t, 'access_token', { access_token: value })],
        expect: 'answered-or-closed',
      }),
    ),
  ...[
    null,
    7,
    'x',
    [],
    { event: 5 },
    { event: 'track', payload: 'str' },
    { event: 'track', payload: [1] },
    { event: 'dance' },
  ].map(
    (payload): Case => ({
      name: `presence ${JSON.stringify(payload)}`,
      frames: (t) => [push(t, 'presence', payload)],
      expect: 'answered-or-closed',
    }),
  ),
  {
    name: 'presence track nested 20000 deep',
    frames: (t) => [`["1","p1","${t}","presence",{"event":"track","payload":{"a":${deep(20_000)}}}]`],
    expect: 'answered-or-closed',
  },
  ...[null, 7, 'x', [], { event: 'x', payload: deep(5) }].map(
    (payload): Case => ({
      name: `json broadcast ${JSON.stringify(payload)}`,
      frames: (t) => [push(t, 'broadcast', payload)],
      expect: 'answered-or-closed',
    }),
  ),
  {
    name: 'json broadcast nested 20000 deep',
    frames: (t) => [
      `["1","p1","${t}","broadcast",{"type":"broadcast","event":"e","payload":${deep(20_000)}}]`,
    ],
    expect: 'answered-or-closed',
  },
  {
    name: 'unknown event on a joined channel',
    frames: (t) => [push(t, 'phx_dance', {})],
    expect: 'answered-or-closed',
  },
  {
    name: 'event on a topic never joined',
    frames: () => [push('realtime:nowhere', 'broadcast', {})],
    expect: 'error-reply',
  },
  {
    name: 'heartbeat with a payload that is not a map',
    frames: () => [JSON.stringify([null, 'h', 'phoenix', 'heartbeat', 5])],
    expect: 'answered-or-closed',
  },
  {
    name: 'a frame of 4 MB',
    frames: (t) => [push(t, 'broadcast', { event: 'x', payload: 'x'.repeat(4_000_000) })],
    expect: 'closed',
  },
  {
    name: '101 channels on one socket',
    frames: () => Array.from({ length: 101 }, (_, i) => join(`realtime:many-${i}`, {}, `m${i}`)),
    expect: 'answered-or-closed',
  },
  {
    name: '2000 frames at once',
    frames: (t) => Array.from({ length: 2000 }, () => push(t, 'phx_dance', {})),
    expect: 'closed',
  },
  { name: 'binary garbage', frames: () => [Buffer.from([0xff, 0, 1, 2, 3])], expect: 'closed' },
  { name: 'binary empty', frames: () => [Buffer.alloc(0)], expect: 'closed' },
  {
    name: 'binary push with lengths past the end',
    frames: (t) => [binaryPush({ topic: t, lie: 200 })],
    expect: 'closed',
  },
  {
    name: 'binary push with invalid JSON',
    frames: (t) => [binaryPush({ topic: t, body: Buffer.from('{nope') })],
    expect: 'closed',
  },
  {
    name: 'binary push with invalid UTF-8',
    frames: (t) => [binaryPush({ topic: t, body: Buffer.from([0xc3, 0x28]) })],
    expect: 'closed',
  },
  {
    name: 'binary push with an unknown encoding',
    frames: (t) => [binaryPush({ topic: t, encoding: 9 })],
    expect: 'closed',
  },
  {
    name: 'binary push to a topic never joined',
    frames: () => [binaryPush({ topic: 'realtime:nowhere' })],
    expect: 'error-reply',
  },
  { name: 'vsn 1.0.0: a 2.0.0 array', vsn: '1.0.0', frames: (t) => [join(t, {})], expect: 'closed' },
  { name: 'vsn 1.0.0: binary', vsn: '1.0.0', frames: (t) => [binaryPush({ topic: t })], expect: 'closed' },
  {
    name: 'vsn 1.0.0: object without event',
    vsn: '1.0.0',
    frames: (t) => [JSON.stringify({ topic: t, payload: {}, ref: '1' })],
    expect: 'closed',
  },
  {
    name: 'vsn 1.0.0: phx_join without payload',
    vsn: '1.0.0',
    frames: () => [
      JSON.stringify({ topic: `realtime:x-${uid()}`, event: 'phx_join', ref: '5', join_ref: '5' }),
    ],
    expect: 'closed',
  },
];

describe('malformed realtime frames cost at most their socket', () => {
  let sentinel: Awaited<ReturnType<typeof broadcastChannel>>;
  let sender: Awaited<ReturnType<typeof broadcastChannel>>;
  const topic = `sentinel-${uid()}`;

  beforeAll(async () => {
    resolvedTokens = Object.fromEntries(
      await Promise.all(Object.entries(tokens).map(async ([k, f]) => [k, await f()] as const)),
    );
    sentinel = await broadcastChannel(newClient(), topic);
    sender = await broadcastChannel(newClient(), topic);
    expect([sentinel.result.status, sender.result.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
  });
  afterAll(async () => {
    await sentinel?.close();
    await sender?.close();
  });

  it.each(corpus)('$name', async ({ vsn = '2.0.0', frames, expect: outcome }) => {
    const raw = await RawSocket.open(vsn);
    const joined = `realtime:attack-${uid()}`;
    const joinFrame =
      vsn === '2.0.0'
        ? JSON.stringify(['1', '1', joined, 'phx_join', { config: {} }])
        : JSON.stringify({
            topic: joined,
            event: 'phx_join',
            payload: { config: {} },
            ref: '1',
            join_ref: '1',
          });
    raw.send(joinFrame);
    expect((await raw.waitReply('1'))?.payload?.status).toBe('ok');
    const before = raw.frames.length;
    for (const frame of frames(joined)) raw.send(frame);
    // The socket answers a heartbeat after the attack, or has been closed.
    raw.send(
      vsn === '2.0.0'
        ? JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}])
        : JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb' }),
    );
    await until(() => raw.closed !== null || raw.reply('hb') !== undefined, 8000);
    const after = raw.messages().slice(0);
    if (outcome === 'closed') expect(raw.closed).not.toBeNull();
    if (outcome === 'error-reply') {
      expect(raw.closed).toBeNull();
      expect(after.some((m) => m.event === 'phx_reply' && m.payload?.status === 'error')).toBe(true);
    }
    if (outcome === 'system-error') {
      expect(raw.closed).toBeNull();
      expect(after.some((m) => m.event === 'system' && m.payload?.status === 'error')).toBe(true);
      expect(after.some((m) => m.event === 'phx_close' && m.topic === joined)).toBe(true);
    }
    expect(raw.closed !== null || raw.frames.length > before).toBe(true);
    raw.close();

    // The stack still serves REST, and realtime still delivers to a well-formed channel.
    const rest = await fetch(`${url()}/rest/v1/posts?select=id&limit=1`, {
      headers: { apikey: inject('supabaseAnonKey') },
    });
    expect(rest.status).toBe(200);
    const marker = uid();
    await sender.channel.send({ type: 'broadcast', event: 'alive', payload: { marker } });
    expect(await until(() => sentinel.has(marker))).toBe(true);
  });

  it('accepts vsn 1.0.0 object frames and bridges them to 2.0.0 clients', async () => {
    const raw = await RawSocket.open('1.0.0');
    raw.send(
      JSON.stringify({
        topic: `realtime:${topic}`,
        event: 'phx_join',
        payload: { config: {} },
        ref: '1',
        join_ref: '1',
      }),
    );
    expect((await raw.waitReply('1'))?.payload?.status).toBe('ok');
    const marker = uid();
    raw.send(
      JSON.stringify({
        topic: `realtime:${topic}`,
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'v1', payload: { marker } },
        ref: '2',
        join_ref: '1',
      }),
    );
    expect(await until(() => sentinel.has(marker))).toBe(true);
    const back = uid();
    await sender.channel.send({ type: 'broadcast', event: 'to-v1', payload: { marker: back } });
    expect(
      await until(() =>
        raw.messages().some((m) => m.event === 'broadcast' && m.payload?.payload?.marker === back),
      ),
    ).toBe(true);
    raw.close();
  });

  it('refuses a socket without a valid apikey', async () => {
    await expect(RawSocket.open('2.0.0', 'garbage')).rejects.toThrow('HTTP 401');
    await expect(RawSocket.open('3.0.0' as '2.0.0')).rejects.toThrow('HTTP 403');
  });
});
