import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, toCents } from './money.ts';

/* Prices are stored as cents, "amount times 100" (SPEC.md section 9), rounded half up. */

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('toCents', () => {
  it.each([
    ['29.95', 2995],
    ['29', 2900],
    ['29.', 2900],
    ['29.9', 2990],
    ['.5', 50],
    ['0', 0],
    ['0.00', 0],
    ['1.004', 100],
    ['1.005', 101],
    ['1.0049', 100],
    ['32.285', 3229],
    [' 32.285 ', 3229],
    ['0.999', 100],
    ['1234567.89', 123456789],
    [' 12.30 ', 1230],
  ])('reads "%s" as %i cents', (amount, cents) => {
    expect(toCents({ amount })).toBe(cents);
  });

  it('keeps the sign of a negative amount (a discount)', () => {
    expect(toCents({ amount: '-5.25' })).toBe(-525);
    expect(toCents({ amount: '-0.005' })).toBe(-1);
  });

  it('falls back to arithmetic for amounts in another notation', () => {
    expect(toCents({ amount: '1e2' })).toBe(10_000);
    expect(toCents({ amount: '+3.5' })).toBe(350);
  });
});

describe('formatCents', () => {
  it('formats euros by default, in the language of the page', () => {
    expect(plain(formatCents(0, 'nl'))).toBe('€ 0,00');
    expect(plain(formatCents(5, 'en'))).toBe('€0.05');
    expect(plain(formatCents(100_000, 'de'))).toBe('1.000,00 €');
  });

  it('keeps a formatter per language and currency, never mixing them up', () => {
    expect(plain(formatCents(1000, 'nl', 'USD'))).toBe('US$ 10,00');
    expect(plain(formatCents(1000, 'nl'))).toBe('€ 10,00');
    expect(plain(formatCents(1000, 'en', 'USD'))).toBe('$10.00');
    expect(plain(formatCents(1000, 'nl', 'USD'))).toBe('US$ 10,00');
  });
});

describe('formatMoney', () => {
  it('formats a storefront amount in its currency and the page language', () => {
    expect(plain(formatMoney({ amount: '1234.5', currencyCode: 'EUR' }, 'de'))).toBe('1.234,50 €');
    expect(plain(formatMoney({ amount: '0.5', currencyCode: 'GBP' }, 'en'))).toBe('£0.50');
  });
});
