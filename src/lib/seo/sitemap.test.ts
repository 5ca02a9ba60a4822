import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalForm, isListable, policyAlternates, readHead } from './sitemap.ts';

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

describe('the head of a built page', () => {
  it('is read up to </head> however the file falls into chunks, and the whole file without one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitemap-head-'));
    const cases: [string, string][] = [
      ['short', '<html><head><meta name="robots" content="noindex"></head><body>ü</body></html>'],
      // A long head (inlined CSS) whose </head> straddles the 64 KB read, with multi-byte text.
      [
        'straddle',
        `<html><head><title>Grüße</title><style>${'a'.repeat(65_484)}</style></head><body>x</body>`,
      ],
      ['none', `<p>ß</p>${'b'.repeat(70_000)}`],
    ];
    for (const [name, html] of cases) {
      await writeFile(join(dir, name), html);
      const end = html.indexOf('</head>');
      expect(readHead(join(dir, name)), name).toBe(end < 0 ? html : html.slice(0, end + 7));
    }
  });
});
