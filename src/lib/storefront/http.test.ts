import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { StorefrontError } from './errors.ts';
import { httpRequest, parseRetryAfter, storefrontEndpoint } from './http.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, attempt: number) => void;
let server: Server | undefined;
const attempts: { at: number; path: string | undefined; token: string | undefined }[] = [];

async function serve(handler: Handler): Promise<string> {
  attempts.length = 0;
  server = createServer((req, res) => {
    attempts.push({
      at: Date.now(),
      path: req.url,
      token: req.headers['x-shopify-storefront-access-token'] as string,
    });
    req.resume();
    req.on('end', () => handler(req, res, attempts.length));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

const ok = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: { shop: { name: 'Test' } } }));
};
const status = (res: ServerResponse, code: number, headers: Record<string, string> = {}) => {
  res.writeHead(code, headers);
  res.end('busy');
};

describe('httpRequest', () => {
  it('posts to /api/{version}/graphql.json with the access token', async () => {
    const origin = await serve((_req, res) => ok(res));
    const data = await httpRequest<{ shop: { name: string } }>(
      { storeDomain: origin, accessToken: 'tok' },
      '{ shop { name } }',
      {},
    );
    expect(data.shop.name).toBe('Test');
    expect(attempts[0]?.path).toBe('/api/2026-04/graphql.json');
    expect(attempts[0]?.token).toBe('tok');
    expect(storefrontEndpoint('shop.myshopify.com')).toBe(
      'https://shop.myshopify.com/api/2026-04/graphql.json',
    );
  });

  it('retries 429 and 503, honouring Retry-After', async () => {
    const origin = await serve((_req, res, n) => {
      if (n === 1) return status(res, 429, { 'retry-after': '0.3' });
      if (n === 2) return status(res, 503);
      ok(res);
    });
    const data = await httpRequest<{ shop: { name: string } }>(
      { storeDomain: origin, accessToken: 't', retryDelayMs: 50 },
      '{ shop { name } }',
      {},
    );
    expect(data.shop.name).toBe('Test');
    expect(attempts).toHaveLength(3);
    const [a, b, c] = attempts.map((x) => x.at);
    expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(280); // Retry-After: 0.3 s
    expect((c ?? 0) - (b ?? 0)).toBeGreaterThanOrEqual(45); // default wait (50 ms here)
  });

  it('gives up after the configured number of retries', async () => {
    const origin = await serve((_req, res) => status(res, 503, { 'retry-after': '0' }));
    await expect(
      httpRequest({ storeDomain: origin, accessToken: 't', retries: 2 }, '{ shop { name } }', {}),
    ).rejects.toMatchObject({
      name: 'StorefrontError',
      kind: 'http',
      status: 503,
    });
    expect(attempts).toHaveLength(3);
  });

  it('does not retry with retries 0, nor on other errors', async () => {
    const origin = await serve((_req, res) => status(res, 429, { 'retry-after': '0' }));
    await expect(
      httpRequest({ storeDomain: origin, accessToken: 't', retries: 0 }, '{ shop { name } }', {}),
    ).rejects.toThrow(/HTTP 429/);
    expect(attempts).toHaveLength(1);
  });

  it('applies the timeout to a store that never answers', async () => {
    const origin = await serve(() => {
      // never answers
    });
    const started = Date.now();
    const error = await httpRequest(
      { storeDomain: origin, accessToken: 't', timeoutMs: 300 },
      '{ shop { name } }',
      {},
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorefrontError);
    expect((error as StorefrontError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails clearly when the store cannot be reached', async () => {
    const error = await httpRequest(
      { storeDomain: 'http://127.0.0.1:9', accessToken: 't' },
      '{ shop { name } }',
      {},
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorefrontError);
    expect((error as Error).message).toMatch(/Shopify store http:\/\/127\.0\.0\.1:9 could not be reached/);
  });

  it('turns GraphQL errors into a StorefrontError', async () => {
    const origin = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: 'Field missing' }] }));
    });
    await expect(httpRequest({ storeDomain: origin, accessToken: 't' }, '{ x }', {})).rejects.toThrow(
      /GraphQL errors: Field missing/,
    );
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(5000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
