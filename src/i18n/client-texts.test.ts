import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientTextsUrl, fetchClientTexts } from './client-texts.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = (body: string, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );

describe('texts fetched with a script', () => {
  it('are found per language', () => {
    expect(clientTextsUrl('search', 'nl')).toBe('/texts/search.json');
    expect(clientTextsUrl('newsletter', 'en')).toBe('/en/texts/newsletter.json');
  });

  it('become a typed lookup over the string texts of a good answer', async () => {
    answer(
      '{"search.nothing":"Nichts für „{q}“","search.live.one":"{count} Treffer","search.live.other":"{count} Treffer","b":3}',
    );
    const t = await fetchClientTexts<'search.nothing' | 'search.live.one' | 'search.live.other'>(
      '/de/texts/search.json',
      'de',
    );
    expect(t?.('search.nothing', { q: 'Tasse' })).toBe('Nichts für „Tasse“');
    expect(t?.('search.live', { count: 12000 })).toBe('12.000 Treffer');
    // @ts-expect-error: a key outside the group is a type error (and shows itself).
    expect(t?.('search.viewAll')).toBe('search.viewAll');
  });

  it('is null, never a throw, for a failed, broken or odd answer', async () => {
    answer('{}', 404);
    expect(await fetchClientTexts('/x', 'nl')).toBeNull();
    answer('{"a":');
    expect(await fetchClientTexts('/x', 'nl')).toBeNull();
    answer('["a"]');
    expect(await fetchClientTexts('/x', 'nl')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await fetchClientTexts('/x', 'nl')).toBeNull();
    expect(await fetchClientTexts(undefined, 'nl')).toBeNull();
  });
});
