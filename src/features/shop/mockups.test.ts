import { describe, expect, it } from 'vitest';
import { mockupFallbacks } from './mockups.ts';

describe('mockupFallbacks', () => {
  it('puts the variant picture first and fills the other slots with the product pictures', () => {
    expect(mockupFallbacks('b.webp', ['a.webp', 'b.webp', 'c.webp'], 2)).toEqual(['b.webp', 'a.webp']);
  });
  it('repeats the first picture when there are fewer pictures than slots', () => {
    expect(mockupFallbacks(null, ['a.webp'], 2)).toEqual(['a.webp', 'a.webp']);
  });
  it('has nothing to offer for a product without pictures', () => {
    expect(mockupFallbacks(null, [], 2)).toEqual([]);
  });
});
