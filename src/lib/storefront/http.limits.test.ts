import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpRequest, parseRetryAfter, storefrontEndpoint } from './http.ts';

/*
 * Both sides of the storefront client's limits: "retries on HTTP 429 and 503 (0 to 3 retries,
 * default wait 1000 ms)" (SPEC.md section 7), the cap on a Retry-After wait, the per-attempt
 * timeout. Each test has a real local server that counts the attempts and their times.
 */

type Reply = (res: ServerResponse, attempt: number) => void;
let server: Server | undefined;
let times: number[] = [];

async function serve(reply: Reply): Promise<string> {
  times = [];
  server = createServer((req, res) => {
    times.push(performance.now());
    req.resume();
    req.on('end', () => reply(res, times.length));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
async function stop() {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
}
afterEach(stop);

const data = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: { ok: true } }));
};
const busy =
  (status: number, headers: Record<string, string> = { 'retry-after': '0' }) =>
  (res: ServerResponse) => {
    res.writeHead(status, headers);
    res.end('busy');
  };
const gaps = () => times.slice(1).map((t, i) => t - (times[i] ?? 0));
const ask = (storeDomain: string, extra: object = {}) =>
  httpRequest<{ ok: boolean }>({ storeDomain, accessToken: 't', retryDelayMs: 0, ...extra }, '{ ok }', {});

describe('retries (SPEC.md section 7: 0 to 3, on 429 and 503)', () => {
  it('tries 4 times by default (3 retries), then reports the status', async () => {
    const origin = await serve(busy(503));
    await expect(ask(origin)).rejects.toMatchObject({ kind: 'http', status: 503 });
    expect(times).toHaveLength(4);
  });

  it('succeeds on the last allowed attempt', async () => {
    const origin = await serve((res, n) => (n < 4 ? busy(429)(res) : data(res)));
    await expect(ask(origin)).resolves.toEqual({ ok: true });
    expect(times).toHaveLength(4);
  });

  it('caps more than 3 retries at 3, and less than 0 at 0', async () => {
    let origin = await serve(busy(429));
    await expect(ask(origin, { retries: 5 })).rejects.toMatchObject({ status: 429 });
    expect(times).toHaveLength(4);
    await stop();
    origin = await serve(busy(429));
    await expect(ask(origin, { retries: -1 })).rejects.toMatchObject({ status: 429 });
    expect(times).toHaveLength(1);
  });

  it('takes exactly the retries it is given between 0 and 3', async () => {
    const origin = await serve(busy(503));
    await expect(ask(origin, { retries: 1 })).rejects.toMatchObject({ status: 503 });
    expect(times).toHaveLength(2);
  });

  it.each([500, 502, 504, 404, 401])('does not retry HTTP %i', async (status) => {
    const origin = await serve(busy(status));
    const error = await ask(origin).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'StorefrontError', kind: 'http', status });
    expect(times).toHaveLength(1);
  });
});

describe('waits between attempts', () => {
  it('waits 1000 ms by default when the answer has no Retry-After', async () => {
    const origin = await serve((res, n) => (n === 1 ? busy(503, {})(res) : data(res)));
    await httpRequest({ storeDomain: origin, accessToken: 't' }, '{ ok }', {});
    const [gap = 0] = gaps();
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(3000);
  });

  it('waits the configured delay without Retry-After', async () => {
    const origin = await serve((res, n) => (n === 1 ? busy(429, {})(res) : data(res)));
    await ask(origin, { retryDelayMs: 200 });
    const [gap = 0] = gaps();
    expect(gap).toBeGreaterThanOrEqual(190);
    expect(gap).toBeLessThan(900);
  });

  it('caps a long Retry-After at maxRetryDelayMs', async () => {
    const origin = await serve((res, n) => (n === 1 ? busy(503, { 'retry-after': '30' })(res) : data(res)));
    await ask(origin, { maxRetryDelayMs: 150 });
    const [gap = 0] = gaps();
    expect(gap).toBeGreaterThanOrEqual(140);
    expect(gap).toBeLessThan(900);
  });

  it('waits a Retry-After under the cap in full', async () => {
    const origin = await serve((res, n) => (n === 1 ? busy(503, { 'retry-after': '0.4' })(res) : data(res)));
    await ask(origin, { maxRetryDelayMs: 1000 });
    const [gap = 0] = gaps();
    expect(gap).toBeGreaterThanOrEqual(390);
    expect(gap).toBeLessThan(1000);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, fractions and surrounding spaces', () => {
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter('1.5')).toBe(1500);
    expect(parseRetryAfter(' 3 ')).toBe(3000);
    expect(parseRetryAfter('0.0004')).toBe(0);
    expect(parseRetryAfter('0.0006')).toBe(1);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:02 GMT', now)).toBe(2000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:59:00 GMT', now)).toBe(0);
  });

  it('ignores an empty or unreadable value', () => {
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('later')).toBeUndefined();
    expect(parseRetryAfter('1.5s')).toBeUndefined();
    expect(parseRetryAfter('x1')).toBeUndefined();
  });
});

describe('endpoint and answers', () => {
  it('builds the endpoint from a domain or an origin, without doubled slashes', () => {
    expect(storefrontEndpoint('https://shop.example//')).toBe(
      'https://shop.example/api/2026-04/graphql.json',
    );
    expect(storefrontEndpoint('http://127.0.0.1:9')).toBe('http://127.0.0.1:9/api/2026-04/graphql.json');
    expect(storefrontEndpoint('shop.example')).toBe('https://shop.example/api/2026-04/graphql.json');
    expect(storefrontEndpoint('httpshop.example')).toBe('https://httpshop.example/api/2026-04/graphql.json');
  });

  it('sends the query and variables as JSON with the access token', async () => {
    let seen: { method?: string | undefined; headers?: Record<string, unknown>; body?: string } = {};
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen = { method: req.method, headers: req.headers, body };
        data(res);
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await httpRequest({ storeDomain: origin, accessToken: 'secret' }, 'query Q { ok }', { a: 1 });
    expect(seen.method).toBe('POST');
    expect(seen.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-shopify-storefront-access-token': 'secret',
    });
    expect(JSON.parse(seen.body ?? '')).toEqual({ query: 'query Q { ok }', variables: { a: 1 } });
  });

  it('quotes at most 200 characters of an error body, with the status and address', async () => {
    const origin = await serve((res) => {
      res.writeHead(500, 'Internal Server Error');
      res.end('e'.repeat(300));
    });
    const error = (await ask(origin).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `Shopify store ${origin} answered HTTP 500 Internal Server Error (${storefrontEndpoint(origin)}): ${'e'.repeat(200)}`,
    );
  });

  it('leaves out an empty error body', async () => {
    const origin = await serve((res) => {
      res.writeHead(404, 'Not Found');
      res.end();
    });
    const error = (await ask(origin).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `Shopify store ${origin} answered HTTP 404 Not Found (${storefrontEndpoint(origin)})`,
    );
  });

  it('reports an answer that is not JSON, or JSON without data', async () => {
    let origin = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>');
    });
    await expect(ask(origin)).rejects.toMatchObject({
      kind: 'http',
      status: 200,
      message: `Shopify store ${origin} answered with something that is not JSON.`,
    });
    await stop();
    origin = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":null}');
    });
    await expect(ask(origin)).rejects.toMatchObject({
      kind: 'graphql',
      message: `Shopify store ${origin} answered without data.`,
    });
  });

  it('joins several GraphQL errors, and ignores an empty error list', async () => {
    let origin = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: 'A' }, { message: 'B' }] }));
    });
    await expect(ask(origin)).rejects.toMatchObject({
      kind: 'graphql',
      message: `Shopify store ${origin} answered with GraphQL errors: A; B`,
    });
    await stop();
    origin = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [], data: { ok: true } }));
    });
    await expect(ask(origin)).resolves.toEqual({ ok: true });
  });

  it('reports an unreachable store as a network error, with the cause', async () => {
    const error = (await ask('http://127.0.0.1:9').catch((e: unknown) => e)) as Error & { kind: string };
    expect(error.kind).toBe('network');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('keeps the parse error as the cause of a not-JSON answer', async () => {
    const origin = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{broken');
    });
    const error = (await ask(origin).catch((e: unknown) => e)) as Error;
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('names the timeout in the error', async () => {
    const origin = await serve(() => {});
    await expect(ask(origin, { timeoutMs: 100 })).rejects.toMatchObject({
      kind: 'timeout',
      message: `Shopify store ${origin} did not answer within 100 ms (${storefrontEndpoint(origin)}).`,
    });
  });
});
