import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCOUNT_KEY, linesKey, readDiscountCode, writeDiscountCode } from './discount-store.ts';

describe('the stored discount code', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a code and forgets it', () => {
    writeDiscountCode('WELKOM10');
    expect(readDiscountCode()).toBe('WELKOM10');
    writeDiscountCode(null);
    expect(readDiscountCode()).toBeNull();
    expect(store.has(DISCOUNT_KEY)).toBe(false);
  });

  it.each(['<script>', 'x'.repeat(51), '', 'two words'])('resets a corrupt stored value %j', (raw) => {
    store.set(DISCOUNT_KEY, raw);
    expect(readDiscountCode()).toBeNull();
    expect(store.has(DISCOUNT_KEY)).toBe(false);
  });

  it('reads as no code when storage is unavailable', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
    });
    expect(readDiscountCode()).toBeNull();
  });
});

describe('the lines a discount was found for', () => {
  const a = { variantId: 'gid://shopify/ProductVariant/1', quantity: 2 };
  const b = { variantId: 'gid://shopify/ProductVariant/2', quantity: 1 };
  it('are the same lines in any order', () => {
    expect(linesKey([a, b])).toBe(linesKey([b, a]));
  });
  it('differ when a quantity or a line differs', () => {
    expect(linesKey([a, b])).not.toBe(linesKey([{ ...a, quantity: 3 }, b]));
    expect(linesKey([a, b])).not.toBe(linesKey([a]));
  });
});
