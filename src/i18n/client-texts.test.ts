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

  it('keeps the string texts of a good answer', async () => {
    answer('{"a":"Zoeken","b":3}');
    expect(await fetchClientTexts('/texts/search.json')).toEqual({ a: 'Zoeken' });
  });

  it('is null, never a throw, for a failed, broken or odd answer', async () => {
    answer('{}', 404);
    expect(await fetchClientTexts('/x')).toBeNull();
    answer('{"a":');
    expect(await fetchClientTexts('/x')).toBeNull();
    answer('["a"]');
    expect(await fetchClientTexts('/x')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await fetchClientTexts('/x')).toBeNull();
    expect(await fetchClientTexts(undefined)).toBeNull();
  });
});
