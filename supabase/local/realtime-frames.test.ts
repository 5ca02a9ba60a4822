import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  decodeBinary,
  decodeText,
  encodeMessage,
  encodeUserBroadcast,
  joinPayload,
} from './realtime-frames.ts';
import { PresenceHub } from './realtime-presence.ts';

// realtime-js's own serializer (what supabase-js sends and decodes), not a copy of it.
const require = createRequire(import.meta.url);
const Serializer = require('@supabase/realtime-js/dist/main/lib/serializer.js').default;
const serializer = new Serializer();

const toBuffer = (ab: ArrayBuffer) => Buffer.from(new Uint8Array(ab));
const toArrayBuffer = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);

describe('realtime frames', () => {
  it("decodes realtime-js's binary broadcast push, with multi-byte text", () => {
    let encoded: ArrayBuffer | undefined;
    serializer.encode(
      {
        join_ref: '3',
        ref: '7',
        topic: 'realtime:dm:ä',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'typing ✓', payload: { text: 'héllo 👋' } },
      },
      (r: ArrayBuffer) => {
        encoded = r;
      },
    );
    const frame = decodeBinary(toBuffer(encoded as ArrayBuffer), '2.0.0');
    expect(frame).toEqual({
      kind: 'user_broadcast',
      joinRef: '3',
      ref: '7',
      topic: 'realtime:dm:ä',
      userEvent: 'typing ✓',
      payload: { encoding: 'json', value: { text: 'héllo 👋' } },
    });
    expect(decodeBinary(toBuffer(encoded as ArrayBuffer), '1.0.0')).toBeNull();
  });

  it('encodes broadcasts that realtime-js decodes back to {type, event, payload}', () => {
    const frame = encodeUserBroadcast('2.0.0', 'realtime:room', 'note', {
      encoding: 'json',
      value: { a: 'ü' },
    });
    let decoded: unknown;
    serializer.decode(toArrayBuffer(frame as Buffer), (m: unknown) => {
      decoded = m;
    });
    expect(decoded).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'note', payload: { a: 'ü' } },
    });
    const v1 = encodeUserBroadcast('1.0.0', 'realtime:room', 'note', { encoding: 'json', value: 1 });
    expect(JSON.parse(v1 as string)).toMatchObject({ topic: 'realtime:room', event: 'broadcast', ref: null });
    expect(
      encodeUserBroadcast('1.0.0', 't', 'e', { encoding: 'binary', bytes: Buffer.from([1]) }),
    ).toBeNull();
  });

  it('rejects binary frames whose lengths, encoding, text or JSON are wrong', () => {
    const good = Buffer.from([3, 0, 0, 1, 1, 0, 1, 0x74, 0x65, 0x7b, 0x7d]); // topic "t", event "e", {}
    expect(decodeBinary(good, '2.0.0')).not.toBeNull();
    const variants = [
      Buffer.from([3, 0, 0, 9, 1, 0, 1, 0x74, 0x65]), // topic longer than the frame
      Buffer.from([3, 0, 0, 1, 1, 0, 7, 0x74, 0x65, 0x7b, 0x7d]), // unknown encoding
      Buffer.from([3, 0, 0, 1, 1, 0, 1, 0xc3, 0x65, 0x7b, 0x7d]), // topic not UTF-8
      Buffer.from([3, 0, 0, 1, 1, 0, 1, 0x74, 0x65, 0x7b]), // JSON cut off
      Buffer.from([3, 0, 0, 0, 1, 0, 1, 0x65, 0x7b, 0x7d]), // empty topic
      Buffer.from([4, 0, 0, 1, 1, 0, 1, 0x74, 0x65, 0x7b, 0x7d]), // a server-only kind
      Buffer.from([3, 0, 0, 1]),
    ];
    for (const v of variants) expect(decodeBinary(v, '2.0.0')).toBeNull();
  });

  it('reads both serializers and nothing else as text', () => {
    expect(decodeText('["1","2","realtime:a","phx_join",{}]', '2.0.0')).toMatchObject({
      joinRef: '1',
      ref: '2',
    });
    expect(decodeText('[1,2,"realtime:a","phx_join",{}]', '2.0.0')).toMatchObject({ joinRef: '1', ref: '2' });
    expect(decodeText('{"topic":"t","event":"e","payload":{},"ref":"9"}', '1.0.0')).toMatchObject({
      joinRef: null,
      ref: '9',
    });
    for (const bad of ['null', '5', '"x"', '[]', '["1","2","t","e"]', '[null,null,5,"e",{}]', '{', '{}']) {
      expect(decodeText(bad, '2.0.0')).toBeNull();
    }
    expect(decodeText('["1","2","t","e",{}]', '1.0.0')).toBeNull();
    expect(encodeMessage('1.0.0', 'j', 'r', 't', 'e', {})).toBe(
      '{"topic":"t","event":"e","payload":{},"ref":"r","join_ref":"j"}',
    );
  });

  it('validates join payloads as Supabase does (flexible booleans, at most 100 postgres_changes)', () => {
    const ok = joinPayload.parse({
      config: { private: 'true', broadcast: { self: true }, postgres_changes: [null] },
    });
    expect(ok.config?.private).toBe(true);
    expect(ok.config?.postgres_changes).toEqual([]);
    expect(joinPayload.safeParse(null).success).toBe(false);
    expect(joinPayload.safeParse({ config: { private: 'maybe' } }).success).toBe(false);
    const many = Array.from({ length: 101 }, () => ({ event: '*' }));
    expect(joinPayload.safeParse({ config: { postgres_changes: many } }).success).toBe(false);
    expect(joinPayload.safeParse({ config: { postgres_changes: many.slice(1) } }).success).toBe(true);
  });
});

describe('presence hub', () => {
  it('gives joins, updates (leave + join with phx_ref_prev) and leaves in Phoenix format', () => {
    const hub = new PresenceHub<string>();
    const first = hub.track('t', 'alice', 'c1', { name: 'A' });
    const ref1 = first?.joins['alice']?.metas[0]?.phx_ref;
    expect(first).toEqual({ joins: { alice: { metas: [{ name: 'A', phx_ref: ref1 }] } }, leaves: {} });
    expect(hub.track('t', 'alice', 'c1', { name: 'A' })).toBeNull();
    const update = hub.track('t', 'alice', 'c1', { name: 'A', typing: true });
    expect(update?.leaves).toEqual({ alice: { metas: [{ name: 'A', phx_ref: ref1 }] } });
    expect(update?.joins['alice']?.metas[0]).toMatchObject({ typing: true, phx_ref_prev: ref1 });
    hub.track('t', 'alice', 'c2', { name: 'A2' });
    expect(hub.state('t')['alice']?.metas).toHaveLength(2);
    expect(hub.state('t')['alice']?.metas.some((m) => 'phx_ref_prev' in m)).toBe(false);
    expect(hub.untrack('t', 'c1')?.leaves['alice']?.metas[0]).toMatchObject({ typing: true });
    expect(hub.untrack('t', 'c1')).toBeNull();
    expect(hub.state('other')).toEqual({});
  });
});
