import { describe, expect, it } from 'vitest';
import { canonicalForm, isListable, policyAlternates } from './sitemap.ts';

const site = 'https://chosenones.example';

describe('sitemap rules', () => {
  it('writes addresses as the canonical links do', () => {
    expect(canonicalForm(`${site}/blog/`)).toBe(`${site}/blog`);
    expect(canonicalForm(`${site}/`)).toBe(`${site}/`);
    expect(canonicalForm(`${site}/en/`)).toBe(`${site}/en/`);
    expect(canonicalForm(`${site}/de/r%C3%BCckgaberecht/`)).toBe(`${site}/de/r%C3%BCckgaberecht`);
  });

  it('lists only indexable pages that are canonical to themselves', () => {
    const page = (canonical: string, robots = '') =>
      `<head>${robots}<link rel="canonical" href="${canonical}"></head>`;
    expect(isListable(page(`${site}/blog`), `${site}/blog/`)).toBe(true);
    expect(isListable(page(`${site}/eenheid-gezien-door-het-enkele-oog`), `${site}/unity/`)).toBe(false);
    expect(isListable(page(`${site}/cart`, '<meta name="robots" content="noindex">'), `${site}/cart/`)).toBe(
      false,
    );
  });

  it('pairs policy pages by kind, not by prefix', () => {
    expect(policyAlternates(`${site}/en/refund-policy`, site)).toEqual([
      { lang: 'nl', url: `${site}/retourbeleid` },
      { lang: 'en', url: `${site}/en/refund-policy` },
      { lang: 'de', url: `${site}/de/r%C3%BCckgaberecht` },
    ]);
    expect(policyAlternates(`${site}/blog`, site)).toBeUndefined();
  });
});
