import { describe, expect, it, vi } from 'vitest';
import { StorefrontError } from '~/lib/storefront/errors.ts';
import { type CheckoutDeps, handleCheckout } from './handler.ts';

const HOODIE_S_BLACK = 'gid://shopify/ProductVariant/40008';
const HOODIE_XL_BLACK = 'gid://shopify/ProductVariant/40017';

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost:4321/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}
const lines = (...l: { variantId: string; quantity: number }[]) =>
  JSON.stringify({ language: 'nl', lines: l });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
}

describe('POST /api/checkout with bad input (local catalog)', () => {
  it('malformed JSON: 400', async () => {
    await expectError(await handleCheckout(post('{"lines": [')), 400, 'invalid_json');
  });

  it('not JSON at all: 415', async () => {
    await expectError(
      await handleCheckout(post('lines=1', { 'content-type': 'text/plain' })),
      415,
      'unsupported_media_type',
    );
  });

  it.each([
    ['lines missing', JSON.stringify({ language: 'nl' })],
    ['lines not a list', JSON.stringify({ lines: 'all' })],
    ['quantity a string', lines({ variantId: HOODIE_S_BLACK, quantity: '2' as unknown as number })],
    ['variantId a number', JSON.stringify({ lines: [{ variantId: 40008, quantity: 1 }] })],
    ['quantity 0', lines({ variantId: HOODIE_S_BLACK, quantity: 0 })],
    ['quantity 11', lines({ variantId: HOODIE_S_BLACK, quantity: 11 })],
    ['quantity 1.5', lines({ variantId: HOODIE_S_BLACK, quantity: 1.5 })],
    ['no lines', lines()],
    ['51 lines', lines(...Array.from({ length: 51 }, () => ({ variantId: HOODIE_S_BLACK, quantity: 1 })))],
    ['a product id', lines({ variantId: 'gid://shopify/Product/20001', quantity: 1 })],
    [
      'a synthetic default variant',
      lines({ variantId: 'gid://shopify/ProductVariant/default-variant', quantity: 1 }),
    ],
    [
      'an unknown language',
      JSON.stringify({ language: 'fr', lines: [{ variantId: HOODIE_S_BLACK, quantity: 1 }] }),
    ],
  ])('%s: 422', async (_name, body) => {
    await expectError(await handleCheckout(post(body)), 422, 'invalid_input');
  });

  it('an unknown variant: 422 unknown_variant', async () => {
    await expectError(
      await handleCheckout(post(lines({ variantId: 'gid://shopify/ProductVariant/999999', quantity: 1 }))),
      422,
      'unknown_variant',
    );
  });

  it('a sold-out variant: 422', async () => {
    await expectError(
      await handleCheckout(post(lines({ variantId: HOODIE_XL_BLACK, quantity: 1 }))),
      422,
      'unknown_variant',
    );
  });

  it('a body over 100 KB: 413', async () => {
    const big = JSON.stringify({
      lines: [{ variantId: HOODIE_S_BLACK, quantity: 1 }],
      pad: 'x'.repeat(101_000),
    });
    await expectError(await handleCheckout(post(big)), 413, 'payload_too_large');
  });
});

describe('POST /api/checkout', () => {
  it('answers the local demo checkout address in the language', async () => {
    const response = await handleCheckout(
      post(JSON.stringify({ language: 'de', lines: [{ variantId: HOODIE_S_BLACK, quantity: 2 }] })),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      checkoutUrl: 'http://localhost:4321/de/checkout/demo?lines=40008:2',
    });
  });

  it('creates the cart with the buyer country of the language and merges repeated variants', async () => {
    const createCart = vi.fn<CheckoutDeps['createCart']>(async () => ({
      cart: { id: 'c', checkoutUrl: 'https://shop.example/checkouts/c', totalQuantity: 3 },
      userErrors: [],
    }));
    const response = await handleCheckout(
      post(
        JSON.stringify({
          language: 'en',
          lines: [
            { variantId: HOODIE_S_BLACK, quantity: 1 },
            { variantId: HOODIE_S_BLACK, quantity: 2 },
          ],
        }),
      ),
      { createCart, storeDomain: 'shop.example' },
    );
    expect(await response.json()).toEqual({ checkoutUrl: 'https://shop.example/checkouts/c' });
    expect(createCart).toHaveBeenCalledWith([{ variantId: HOODIE_S_BLACK, quantity: 3 }], 'en', 'US');
  });

  it('falls back to the cart permalink when Shopify fails', async () => {
    const createCart = vi.fn<CheckoutDeps['createCart']>(async () => {
      throw new StorefrontError('Shopify store shop.example answered HTTP 503', 'http', 503);
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await handleCheckout(post(lines({ variantId: HOODIE_S_BLACK, quantity: 2 })), {
      createCart,
      storeDomain: 'shop.example',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      checkoutUrl: 'https://shop.example/cart/40008:2',
      fallback: true,
    });
  });

  it('answers 502 (not 500) when there is no store to fall back to', async () => {
    const createCart = vi.fn<CheckoutDeps['createCart']>(async () => {
      throw new StorefrontError('down', 'network');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expectError(
      await handleCheckout(post(lines({ variantId: HOODIE_S_BLACK, quantity: 1 })), {
        createCart,
        storeDomain: null,
      }),
      502,
      'checkout_unavailable',
    );
  });
});

describe('POST /api/checkout with a discount code', () => {
  const body = (discountCode: string, quantity = 1) =>
    post(JSON.stringify({ language: 'en', lines: [{ variantId: HOODIE_S_BLACK, quantity }], discountCode }));

  it('passes the code to cartCreate and answers what the store decided', async () => {
    const applies = await handleCheckout(body('WELKOM10', 2));
    expect(applies.status).toBe(200);
    expect(await applies.json()).toEqual({
      checkoutUrl: 'http://localhost:4321/en/checkout/demo?lines=40008:2&discount=WELKOM10',
      discountCodes: [{ code: 'WELKOM10', applicable: true }],
      cost: { subtotal: 13_800, total: 12_420 },
    });
    const unknown = await handleCheckout(body('NOTACODE'));
    expect(await unknown.json()).toMatchObject({
      discountCodes: [{ code: 'NOTACODE', applicable: false }],
      cost: { subtotal: 6900, total: 6900 },
    });
  });

  it('re-bases the local demo checkout onto the configured origin, not the request Host', async () => {
    vi.stubEnv('SITE_URL', 'http://127.0.0.1:24500');
    const request = new Request('http://evil.example/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'evil.example' },
      body: JSON.stringify({ language: 'nl', lines: [{ variantId: HOODIE_S_BLACK, quantity: 1 }] }),
    });
    try {
      expect((await (await handleCheckout(request)).json()).checkoutUrl).toBe(
        'http://127.0.0.1:24500/checkout/demo?lines=40008:1',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each(['bad code!', '<script>', 'x'.repeat(51)])('refuses the code %s with a 422', async (code) => {
    await expectError(await handleCheckout(body(code)), 422, 'invalid_input');
  });
});
