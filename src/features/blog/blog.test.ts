import { describe, expect, it } from 'vitest';
import { articleExcerpt, LIST_EXCERPT_LENGTH, truncateText } from './excerpt.ts';
import { articleDate, authorName } from './format.ts';

const long =
  'Er praat de hele dag iemand in je hoofd. Hij becommentarieert het weer, de collega die te laat is, het gezicht in de spiegel. Meestal merken we die stem niet eens op.';

describe('excerpts', () => {
  it('keeps text that fits', () => {
    expect(truncateText('Kort en stil.', 150)).toBe('Kort en stil.');
  });

  it('cuts at a word boundary within the limit and adds an ellipsis', () => {
    const out = truncateText(long, LIST_EXCERPT_LENGTH);
    expect(long.length).toBeGreaterThan(150);
    expect(out.endsWith('…')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(LIST_EXCERPT_LENGTH + 1);
    expect(out).toBe(
      'Er praat de hele dag iemand in je hoofd. Hij becommentarieert het weer, de collega die te laat is, het gezicht in de spiegel. Meestal merken we die…',
    );
  });

  it('cuts hard when there is no space near the end', () => {
    expect(truncateText('a'.repeat(300), 150)).toBe(`${'a'.repeat(150)}…`);
  });

  it('prefers the merchant excerpt and falls back to the body', () => {
    expect(articleExcerpt({ excerpt: 'Eigen samenvatting.', content: long })).toBe('Eigen samenvatting.');
    expect(articleExcerpt({ excerpt: null, content: long })).toMatch(/^Er praat .*…$/);
    expect(articleExcerpt({ excerpt: '   ', content: 'Korte tekst.' })).toBe('Korte tekst.');
  });
});

describe('dates per locale', () => {
  const iso = '2026-10-28T08:00:00Z';
  it('writes the date as each language does', () => {
    expect(articleDate('nl', iso)).toBe('28 oktober 2026');
    expect(articleDate('en', iso)).toBe('October 28, 2026');
    expect(articleDate('de', iso)).toBe('28. Oktober 2026');
  });

  it('uses the shop time zone, not the build machine one', () => {
    // 23:30 UTC on 31 December is already New Year in Amsterdam.
    expect(articleDate('en', '2026-12-31T23:30:00Z')).toBe('January 1, 2027');
  });
});

describe('authorName', () => {
  it('joins first and last name, falls back to name, or null', () => {
    expect(authorName({ firstName: 'Miriam', lastName: 'de Vries', name: 'x' })).toBe('Miriam de Vries');
    expect(authorName({ firstName: null, lastName: null, name: 'Redactie' })).toBe('Redactie');
    expect(authorName(null)).toBeNull();
  });
});
