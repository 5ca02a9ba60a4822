import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { handleShopifyWebhook, verifyShopifyHmac } from './handler.ts';

const SECRET = 'shpss_test_secret';
const HOOK = 'https://api.netlify.com/build_hooks/abc123';
// A products/update body as Shopify sends it (shortened).
const BODY = JSON.stringify({
  id: 788032119674292900,
  title: 'Example T-Shirt',
  handle: 'example-t-shirt',
  variants: [{ id: 642667041472713900, price: '19.99' }],
});
const sign = (body: string, secret = SECRET) =>
  createHmac('sha256', secret).update(body, 'utf8').digest('base64');

function delivery(body: string, headers: Record<string, string>) {
  return new Request('https://site.example/.netlify/functions/shopify-webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function setup() {
  const fetch = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) => new Response('', { status: 200 }),
  );
  return {
    fetch,
    config: { secret: SECRET, buildHookUrl: HOOK, fetch: fetch as unknown as typeof globalThis.fetch },
  };
}

describe('Shopify webhook -> build hook', () => {
  it('calls the build hook for a correctly signed products/update', async () => {
    const { fetch, config } = setup();
    const response = await handleShopifyWebhook(
      delivery(BODY, { 'x-shopify-hmac-sha256': sign(BODY), 'x-shopify-topic': 'products/update' }),
      config,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rebuild: true, topic: 'products/update' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetch.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe(HOOK);
    expect(url.searchParams.get('trigger_title')).toBe('Shopify products/update');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('refuses a forged call: signed with another secret, a changed body, or no signature', async () => {
    const { fetch, config } = setup();
    const forged = [
      delivery(BODY, {
        'x-shopify-hmac-sha256': sign(BODY, 'guessed'),
        'x-shopify-topic': 'products/update',
      }),
      delivery(BODY.replace('19.99', '0.01'), {
        'x-shopify-hmac-sha256': sign(BODY),
        'x-shopify-topic': 'products/update',
      }),
      delivery(BODY, { 'x-shopify-topic': 'products/update' }),
      delivery(BODY, { 'x-shopify-hmac-sha256': 'not base64 at all!', 'x-shopify-topic': 'products/update' }),
    ];
    for (const request of forged) {
      const response = await handleShopifyWebhook(request, config);
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('invalid_signature');
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('verifies the HMAC over the raw bytes (a re-serialised body does not match)', () => {
    const raw = '{"id": 1,  "title":"Ünïcode"}';
    expect(verifyShopifyHmac(new TextEncoder().encode(raw), sign(raw), SECRET)).toBe(true);
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect(verifyShopifyHmac(new TextEncoder().encode(reserialised), sign(raw), SECRET)).toBe(false);
  });

  it('collections topics rebuild too; other topics are acknowledged without a build', async () => {
    const { fetch, config } = setup();
    const collections = await handleShopifyWebhook(
      delivery(BODY, { 'x-shopify-hmac-sha256': sign(BODY), 'x-shopify-topic': 'collections/delete' }),
      config,
    );
    expect((await collections.json()).rebuild).toBe(true);
    const orders = await handleShopifyWebhook(
      delivery(BODY, { 'x-shopify-hmac-sha256': sign(BODY), 'x-shopify-topic': 'orders/create' }),
      config,
    );
    expect(orders.status).toBe(200);
    expect((await orders.json()).rebuild).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers 502 when the build hook fails (Shopify retries), 503 without configuration, 405 for GET', async () => {
    const failing = vi.fn(async () => new Response('', { status: 500 }));
    const signed = () =>
      delivery(BODY, { 'x-shopify-hmac-sha256': sign(BODY), 'x-shopify-topic': 'products/create' });
    const hookDown = await handleShopifyWebhook(signed(), {
      secret: SECRET,
      buildHookUrl: HOOK,
      fetch: failing as unknown as typeof fetch,
    });
    expect(hookDown.status).toBe(502);
    const unconfigured = await handleShopifyWebhook(signed(), { secret: undefined, buildHookUrl: HOOK });
    expect(unconfigured.status).toBe(503);
    const get = await handleShopifyWebhook(new Request('https://site.example/x'), setup().config);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});
