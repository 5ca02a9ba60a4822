import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontRequest } from './client.ts';
import { PRODUCT_BY_HANDLE_QUERY, SHOP_QUERY } from './operations/products.ts';

let server: Server;
let origin = '';
const bodies: { query: string; variables: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      bodies.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { product: null, shop: { name: 'x' } } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('storefrontRequest', () => {
  it.each([
    ['nl', 'NL', 'NL'],
    ['en', 'EN', 'US'],
    ['de', 'DE', 'DE'],
  ] as const)('sends @inContext language and country for %s', async (language, code, country) => {
    bodies.length = 0;
    await storefrontRequest(
      PRODUCT_BY_HANDLE_QUERY,
      { handle: 'x' },
      { language, config: { storeDomain: origin, accessToken: 't' } },
    );
    expect(bodies[0]?.variables).toEqual({ handle: 'x', language: code, country });
    expect(bodies[0]?.query).toBe(PRODUCT_BY_HANDLE_QUERY);
  });

  it('leaves out context variables an operation does not declare', async () => {
    bodies.length = 0;
    await storefrontRequest(
      SHOP_QUERY,
      {},
      { language: 'de', config: { storeDomain: origin, accessToken: 't' } },
    );
    expect(bodies[0]?.variables).toEqual({});
  });

  it('uses the local catalog when no store is configured', async () => {
    const data = await storefrontRequest<{ product: { title: string } | null }>(
      PRODUCT_BY_HANDLE_QUERY,
      { handle: 'eenheid-mok' },
      { language: 'de', config: null },
    );
    expect(data.product?.title).toBe('Einheit-Becher');
  });
});
