import { describe, expect, it } from 'vitest';
import { articleExcerpt, LIST_EXCERPT_LENGTH, OVERVIEW_EXCERPT_LENGTH, truncateText } from './excerpt.ts';

/*
 * Excerpt lengths from SPEC.md section 9: "Excerpt fallback 120 characters (overview) or 150
 * (list pages)". The numbers are written out, so a wrong constant in the code fails here.
 */

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${String(i).padStart(3, '0')}`).join(' ');

describe('excerpt lengths (SPEC.md section 9)', () => {
  it('are 150 characters on list pages and 120 on the overview', () => {
    expect(LIST_EXCERPT_LENGTH).toBe(150);
    expect(OVERVIEW_EXCERPT_LENGTH).toBe(120);
  });

  it('cut a body to 150 characters by default', () => {
    const body = 'a'.repeat(151);
    expect(articleExcerpt({ excerpt: null, content: 'a'.repeat(150) })).toBe('a'.repeat(150));
    expect(articleExcerpt({ excerpt: null, content: body })).toBe(`${'a'.repeat(150)}…`);
    expect(articleExcerpt({ excerpt: null, content: body }, 120)).toBe(`${'a'.repeat(120)}…`);
  });
});

describe('truncateText', () => {
  it('keeps text of exactly the limit, cuts one character more', () => {
    expect(truncateText('x'.repeat(20), 20)).toBe('x'.repeat(20));
    expect(truncateText('x'.repeat(21), 20)).toBe(`${'x'.repeat(20)}…`);
  });

  it('judges the length after collapsing white space', () => {
    expect(truncateText('  a \n\t b  ', 3)).toBe('a b');
    expect(truncateText(`${'x'.repeat(10)}\n\n\n${'y'.repeat(9)}`, 20)).toBe(
      `${'x'.repeat(10)} ${'y'.repeat(9)}`,
    );
  });

  it('cuts at a space that lies in the last fifth, and at the limit when the space is earlier', () => {
    // max 20: the last fifth starts at index 16.
    const at16 = `${'a'.repeat(16)} ${'b'.repeat(10)}`;
    expect(truncateText(at16, 20)).toBe(`${'a'.repeat(16)}…`);
    const at15 = `${'a'.repeat(15)} ${'b'.repeat(10)}`;
    expect(truncateText(at15, 20)).toBe(`${'a'.repeat(15)} bbbb…`);
  });

  it('never answers more than the limit plus the ellipsis', () => {
    for (const max of [10, 37, 120, 150]) {
      const out = truncateText(words(100), max);
      expect(out.length).toBeLessThanOrEqual(max + 1);
      expect(out.endsWith('…')).toBe(true);
    }
  });

  it('drops punctuation and dashes left dangling before the ellipsis', () => {
    expect(truncateText(`${'a'.repeat(17)}, — ${'b'.repeat(10)}`, 20)).toBe(`${'a'.repeat(17)}…`);
    expect(truncateText(`${'a'.repeat(18)}!? ${'b'.repeat(10)}`, 20)).toBe(`${'a'.repeat(18)}…`);
    expect(truncateText(`${'a'.repeat(16)}.;:- ${'b'.repeat(10)}`, 20)).toBe(`${'a'.repeat(16)}…`);
  });

  it('keeps punctuation inside the excerpt', () => {
    expect(truncateText(`a.b,c ${'d'.repeat(30)}`, 20)).toBe(`a.b,c ${'d'.repeat(14)}…`);
  });
});

describe('articleExcerpt', () => {
  it('answers the merchant excerpt trimmed, whatever its length', () => {
    const own = `  ${'e'.repeat(400)}  `;
    expect(articleExcerpt({ excerpt: own, content: 'body' })).toBe('e'.repeat(400));
  });

  it('falls back to the body for a missing, empty or blank excerpt', () => {
    for (const excerpt of [null, '', ' \n ']) {
      expect(articleExcerpt({ excerpt, content: ' The body. ' })).toBe('The body.');
    }
  });
});
