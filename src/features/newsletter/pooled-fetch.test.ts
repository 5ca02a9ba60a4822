import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pooledFetch } from './pooled-fetch.ts';

// The service-role client's fetch (pooled-fetch.ts): what supabase-js needs of fetch, over at most
// a few kept-alive connections however many requests arrive at once.
let server: Server;
let base = '';
const sockets = new Set<Socket>();
beforeAll(async () => {
  server = createServer((req, res) => {
    sockets.add(req.socket);
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      if (req.url === '/empty') {
        res.writeHead(204, { 'x-empty': 'yes' });
        return res.end();
      }
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2_000);
      setTimeout(() => {
        res.writeHead(req.url === '/missing' ? 404 : 200, {
          'content-type': 'application/json',
          'set-cookie': ['a=1', 'b=2'],
        });
        res.end(JSON.stringify({ method: req.method, auth: req.headers['authorization'], body }));
      }, 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('pooledFetch', () => {
  it('sends method, headers and body and answers a Response; 100 at once share at most 8 connections', async () => {
    const fetch8 = pooledFetch(8);
    sockets.clear();
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await fetch8(`${base}/rpc?i=${i}`, {
          method: 'POST',
          headers: new Headers({ authorization: `Bearer ${i}`, 'content-type': 'application/json' }),
          body: JSON.stringify({ i, name: 'Zoë' }),
        });
        return { status: res.status, json: (await res.json()) as Record<string, string> };
      }),
    );
    expect(answers[42]).toEqual({
      status: 200,
      json: { method: 'POST', auth: 'Bearer 42', body: '{"i":42,"name":"Zoë"}' },
    });
    expect(answers.every((a, i) => a.json['auth'] === `Bearer ${i}`)).toBe(true);
    expect(sockets.size).toBeLessThanOrEqual(8);
  });

  it('keeps status, repeated headers and an empty body as fetch does', async () => {
    const f = pooledFetch();
    const missing = await f(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.ok).toBe(false);
    expect(missing.headers.get('set-cookie')).toBe('a=1, b=2');
    const empty = await f(`${base}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.headers.get('x-empty')).toBe('yes');
    expect(await empty.text()).toBe('');
  });

  it('gives up when the signal aborts, as supabase-js expects of a timeout', async () => {
    const controller = new AbortController();
    const pending = pooledFetch()(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('timed out')), 50);
    await expect(pending).rejects.toThrow('timed out');
  });
});
