import { describe, expect, it, vi } from 'vitest';
import { StorefrontError } from '~/lib/storefront/errors.ts';
import { type CheckoutDeps, handleCheckout } from './handler.ts';

/*
 * Both sides of each limit of POST /api/checkout (quantity 1 to 10 from SPEC.md section 9, at
 * most 50 lines like the stored cart, a 200-character variant id, a 100 000-byte body) and what
 * the handler answers for each way the store can fail. The store is a stub here: these tests are
 * about the endpoint's input and answers; the local catalog is tried in handler.test.ts.
 */

const V1 = 'gid://shopify/ProductVariant/1';
const V2 = 'gid://shopify/ProductVariant/2';

function post(body: unknown, url = 'http://localhost:4321/api/checkout'): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function store(result: Awaited<ReturnType<CheckoutDeps['createCart']>> = okCart()) {
  const createCart = vi.fn<CheckoutDeps['createCart']>(async () => result);
  return { createCart, storeDomain: 'shop.example' };
}
function okCart(checkoutUrl = 'https://shop.example/checkouts/c1') {
  return { cart: { id: 'c1', checkoutUrl, totalQuantity: 1 }, userErrors: [] };
}

async function status(body: unknown): Promise<number> {
  return (await handleCheckout(post(body), store())).status;
}
async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; fields?: object } }).error;
}

describe('POST /api/checkout: limits', () => {
  it('takes quantities 1 and 10, refuses 0 and 11', async () => {
    expect(await status({ lines: [{ variantId: V1, quantity: 1 }] })).toBe(200);
    expect(await status({ lines: [{ variantId: V1, quantity: 10 }] })).toBe(200);
    expect(await status({ lines: [{ variantId: V1, quantity: 0 }] })).toBe(422);
    expect(await status({ lines: [{ variantId: V1, quantity: 11 }] })).toBe(422);
  });

  it('takes 1 and 50 lines, refuses 0 and 51', async () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        variantId: `gid://shopify/ProductVariant/${i + 1}`,
        quantity: 1,
      }));
    expect(await status({ lines: lines(1) })).toBe(200);
    expect(await status({ lines: lines(50) })).toBe(200);
    expect(await status({ lines: lines(0) })).toBe(422);
    expect(await status({ lines: lines(51) })).toBe(422);
  });

  it('takes a variant id of 200 characters, refuses 201', async () => {
    const prefix = 'gid://shopify/ProductVariant/';
    const id = (length: number) => prefix + '7'.repeat(length - prefix.length);
    expect(await status({ lines: [{ variantId: id(200), quantity: 1 }] })).toBe(200);
    const long = await handleCheckout(post({ lines: [{ variantId: id(201), quantity: 1 }] }), store());
    expect(long.status).toBe(422);
    expect((await errorOf(long)).fields).toEqual({ 'lines.0.variantId': 'too_long' });
  });

  it.each([
    ['a product id', 'gid://shopify/Product/1'],
    ['no number', 'gid://shopify/ProductVariant/'],
    ['letters after the number', 'gid://shopify/ProductVariant/1a'],
    ['text before the id', 'x gid://shopify/ProductVariant/1'],
    ['another shop system', 'gid://other/ProductVariant/1'],
  ])('refuses a variant id with %s', async (_name, variantId) => {
    const deps = store();
    const response = await handleCheckout(post({ lines: [{ variantId, quantity: 1 }] }), deps);
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({
      code: 'invalid_input',
      fields: { 'lines.0.variantId': 'not a product variant id' },
    });
    expect(deps.createCart).not.toHaveBeenCalled();
  });

  it('takes a body of exactly 100 000 bytes, refuses 100 001', async () => {
    const sized = (bytes: number) => {
      const base = JSON.stringify({ lines: [{ variantId: V1, quantity: 1 }], pad: '' });
      return base.replace('"pad":""', `"pad":"${'x'.repeat(bytes - base.length)}"`);
    };
    expect(sized(100_000)).toHaveLength(100_000);
    expect((await handleCheckout(post(sized(100_000)), store())).status).toBe(200);
    const over = await handleCheckout(post(sized(100_001)), store());
    expect(over.status).toBe(413);
    expect((await errorOf(over)).message).toBe('The body may be at most 100000 bytes.');
  });
});

describe('POST /api/checkout: the cart it asks for', () => {
  it('uses Dutch and the Netherlands when no language is given', async () => {
    const deps = store();
    await handleCheckout(post({ lines: [{ variantId: V1, quantity: 2 }] }), deps);
    expect(deps.createCart).toHaveBeenCalledWith([{ variantId: V1, quantity: 2 }], 'nl', 'NL');
  });

  it('asks for the buyer country of each language (SPEC.md section 7)', async () => {
    for (const [language, country] of [
      ['nl', 'NL'],
      ['en', 'US'],
      ['de', 'DE'],
    ]) {
      const deps = store();
      await handleCheckout(post({ language, lines: [{ variantId: V1, quantity: 1 }] }), deps);
      expect(deps.createCart).toHaveBeenCalledWith([{ variantId: V1, quantity: 1 }], language, country);
    }
  });

  it('merges repeated variants into one line of at most 10, keeping the order of first appearance', async () => {
    const deps = store();
    await handleCheckout(
      post({
        lines: [
          { variantId: V2, quantity: 6 },
          { variantId: V1, quantity: 1 },
          { variantId: V2, quantity: 6 },
        ],
      }),
      deps,
    );
    expect(deps.createCart).toHaveBeenCalledWith(
      [
        { variantId: V2, quantity: 10 },
        { variantId: V1, quantity: 1 },
      ],
      'nl',
      'NL',
    );
  });
});

describe('POST /api/checkout: what the store answers', () => {
  const body = { lines: [{ variantId: V1, quantity: 3 }] };

  it('answers the checkout address, made absolute against the configured origin', async () => {
    const response = await handleCheckout(post(body, 'https://evil.example/api/checkout'), {
      ...store(okCart('/checkouts/c9')),
      origin: 'https://site.example',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ checkoutUrl: 'https://site.example/checkouts/c9' });
  });

  it('answers 422 unknown_variant when the store names the merchandise, with the store messages', async () => {
    const response = await handleCheckout(
      post(body),
      store({
        cart: null,
        userErrors: [
          { code: null, field: ['lines', '0', 'merchandiseId'], message: 'The merchandise does not exist.' },
          { code: null, field: null, message: 'Try again.' },
        ],
      }),
    );
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toEqual({
      code: 'unknown_variant',
      message: 'The merchandise does not exist. Try again.',
    });
  });

  it('answers 422 cart_rejected for other refusals', async () => {
    const response = await handleCheckout(
      post(body),
      store({
        cart: null,
        userErrors: [{ code: null, field: ['lines', '0', 'quantity'], message: 'Too many.' }],
      }),
    );
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toEqual({ code: 'cart_rejected', message: 'Too many.' });
    const noField = await handleCheckout(
      post(body),
      store({ cart: null, userErrors: [{ code: null, field: null, message: 'No.' }] }),
    );
    expect((await errorOf(noField)).code).toBe('cart_rejected');
  });

  it('falls back to the permalink when the store answers without a checkout address', async () => {
    const response = await handleCheckout(post(body), store({ cart: null, userErrors: [] }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ checkoutUrl: 'https://shop.example/cart/1:3', fallback: true });
  });

  it('answers 502 without a checkout address and without a store to fall back to', async () => {
    const deps = { ...store({ cart: null, userErrors: [] }), storeDomain: null };
    const response = await handleCheckout(post(body), deps);
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toEqual({
      code: 'checkout_unavailable',
      message: 'The store answered without a checkout address.',
    });
  });

  it('answers 502 with a message when the store cannot be reached and there is no fallback', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await handleCheckout(post(body), {
      createCart: async () => {
        throw new StorefrontError('down', 'network');
      },
      storeDomain: null,
    });
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toEqual({
      code: 'checkout_unavailable',
      message: 'The checkout could not be created. Please try again.',
    });
  });
});
