import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DRAIN_LIMIT } from '../../supabase/local/http-util.ts';
import { MAX_PAYLOAD_BYTES } from '../../supabase/local/realtime-broadcast.ts';
import { freshUser, url } from './helpers.ts';

/**
 * Issue 25, class 6: an early answer (413 for an oversized body) must leave the client's
 * keep-alive connection usable. Before the fix the gateway left a for-await loop over the body
 * early, which destroyed the socket: the next request on it was reset.
 */
type Answer = { status: number; body: string; socket: Socket; reused: boolean; connection?: string };

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

function send(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  body?: Buffer,
  declared?: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url()}${path}`, {
      method,
      agent,
      headers: {
        apikey: inject('supabaseAnonKey'),
        ...headers,
        ...(body ? { 'content-length': declared ?? body.length } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          socket: req.socket as Socket,
          reused: req.reusedSocket,
          ...(res.headers.connection ? { connection: res.headers.connection } : {}),
        }),
      );
    });
    req.on('error', reject);
    // A body declared longer than sent: the request stays open until the server answers.
    if (body && declared && declared > body.length) req.write(body);
    else req.end(body);
  });
}

let token: string;
let userId: string;
beforeAll(async () => {
  const user = await freshUser();
  userId = user.id;
  token = (await user.db.auth.getSession()).data.session?.access_token ?? '';
});

describe('the gateway keeps a keep-alive connection usable after a 413', () => {
  const health = () => send('GET', '/health', {});

  it('HTTP broadcast: oversized body, then a normal request on the same socket', async () => {
    const big = Buffer.alloc(MAX_PAYLOAD_BYTES + 100_000, 0x20);
    big.write('{"messages":[', 0);
    const first = await send(
      'POST',
      '/realtime/v1/api/broadcast',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      big,
    );
    expect(first.status).toBe(413);
    const second = await health();
    expect(second.status).toBe(200);
    expect(second.reused).toBe(true);
    expect(second.socket).toBe(first.socket);
  });

  it('storage upload: oversized body, then a normal request on the same socket', async () => {
    const first = await send(
      'POST',
      `/storage/v1/object/post-images/${userId}/big.png`,
      { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      Buffer.alloc(7 * 1024 * 1024, 1),
    );
    expect(first.status).toBe(413);
    expect(JSON.parse(first.body)).toMatchObject({ statusCode: '413' });
    const second = await health();
    expect(second.status).toBe(200);
    expect(second.socket).toBe(first.socket);
  });

  it('a body declared beyond the drain limit: 413 at once with Connection: close, the next request works', async () => {
    const first = await send(
      'POST',
      '/realtime/v1/api/broadcast',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      Buffer.from('{"messages":['),
      DRAIN_LIMIT + 1,
    );
    expect(first.status).toBe(413);
    expect(first.connection).toBe('close');
    const second = await health();
    expect(second.status).toBe(200);
  });
});
