/**
 * `npm run bench:search -- [--products 2000] [--rounds 20]`: answer times of search against the
 * local store with a generated catalog of that many products, as a shopper types: each query
 * typed letter by letter in nl, en and de (predictive search, what the header field asks), and
 * the results page's `search` (24 products, filters, articles). Prints p50/p95/max per kind and
 * the endpoint's time including shaping. Figures only; it does not fail on timing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Locale } from '../../src/i18n/locales.ts';
import { largeCatalog } from '../../src/lib/storefront/local/generate-catalog.ts';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '20' } },
});
const count = Number(values.products);
const rounds = Number(values.rounds);
if (!Number.isInteger(count) || count < 1) throw new Error('--products needs a positive whole number');

const work = resolve('node_modules/.cache/bench-search');
mkdirSync(work, { recursive: true });
const file = join(work, `catalog-${count}.json`);
writeFileSync(file, JSON.stringify(largeCatalog(count)));
// The local store reads its catalog from here on first use (see src/lib/storefront/local/index.ts).
process.env.LOCAL_CATALOG_FILE = file;
delete process.env.SHOPIFY_STORE_DOMAIN;

const { storefrontRequest } = await import('../../src/lib/storefront/client.ts');
const { PREDICTIVE_SEARCH_QUERY } = await import('../../src/lib/storefront/operations/search.ts');
const { predictiveSearch } = await import('../../src/features/search/predictive.server.ts');
const { runSearch } = await import('../../src/features/search/results.server.ts');

const words: Record<Locale, string[]> = {
  nl: ['hoodie', 'eenheid mok', 'meditatiekussen', 'zeven zegels', 'trinity jack', 'chakra'],
  en: ['hoodie', 'unity mug', 'meditation cushion', 'seven seals', 'trinity jacket', 'light'],
  de: ['hoodie', 'einheit becher', 'meditationskissen', 'sieben siegel', 'lichtkörper', 'kissen'],
};
/** Every prefix of at least two letters, as the field sends them while typing. */
const typed = (lang: Locale) =>
  words[lang].flatMap((w) => Array.from({ length: w.length - 1 }, (_, i) => w.slice(0, i + 2)));

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function report(label: string, ms: number[]): void {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  console.info(
    `${label.padEnd(44)} n=${String(ms.length).padStart(5)}  p50 ${at(50).toFixed(2).padStart(7)} ms  p95 ${at(95).toFixed(2).padStart(7)} ms  max ${at(100).toFixed(2).padStart(7)} ms`,
  );
}

// Warm-up: loads the catalog and builds each language's index once, as a running server has.
const warm = await time(async () => {
  for (const lang of ['nl', 'en', 'de'] as const)
    await storefrontRequest(PREDICTIVE_SEARCH_QUERY, { query: 'x', limit: 6 }, { language: lang });
});
console.info(`${count} products; first request per language (catalog load + index): ${warm.toFixed(0)} ms`);

const predictive: number[] = [];
const endpoint: number[] = [];
const results: number[] = [];
for (let round = 0; round < rounds; round++) {
  for (const lang of ['nl', 'en', 'de'] as const) {
    for (const q of typed(lang)) {
      predictive.push(
        await time(() =>
          storefrontRequest(PREDICTIVE_SEARCH_QUERY, { query: q, limit: 6 }, { language: lang }),
        ),
      );
      endpoint.push(await time(() => predictiveSearch(q, lang)));
    }
    for (const q of words[lang])
      results.push(
        await time(() => runSearch({ q, sort: 'relevance', filters: [], after: null, before: null }, lang)),
      );
  }
}
report('predictiveSearch (local store, site operation)', predictive);
report('predictive endpoint (store + shaping)', endpoint);
report('search results page query (24 products)', results);
