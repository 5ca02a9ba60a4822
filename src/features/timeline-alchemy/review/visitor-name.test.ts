import { describe, expect, it } from 'vitest';
import { readVisitorName, rememberVisitorName } from './visitor-name.ts';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('the review-link visitor name', () => {
  it('is remembered and read back trimmed', () => {
    const store = memory();
    rememberVisitorName(store, '  Sanne ');
    expect(readVisitorName(store)).toBe('Sanne');
  });

  it('resets a stored value that is not a usable name instead of showing it', () => {
    for (const bad of ['x'.repeat(81), 'a\u0000b', '   ']) {
      const store = memory({ 'ta.reviewName': bad });
      expect(readVisitorName(store)).toBe('');
      expect(store.data.has('ta.reviewName')).toBe(false);
    }
  });

  it('survives storage that throws or is missing', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {},
    };
    expect(readVisitorName(throwing)).toBe('');
    expect(() => rememberVisitorName(throwing, 'Sanne')).not.toThrow();
    expect(readVisitorName(undefined)).toBe('');
  });
});
