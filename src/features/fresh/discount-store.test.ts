import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCOUNT_KEY, readDiscountCode, writeDiscountCode } from './discount-store.ts';

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
