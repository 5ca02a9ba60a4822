import { fixtureCatalog } from './fixtures.ts';
import type { Catalog, FixtureProduct } from './types.ts';

/** A catalog of `count` products made by repeating the fixtures with new handles and ids. */
export function largeCatalog(count: number): Catalog {
  const base = fixtureCatalog.products;
  const products: FixtureProduct[] = [];
  for (let i = 0; i < count; i++) {
    const source = base[i % base.length] as FixtureProduct;
    const round = Math.floor(i / base.length);
    if (round === 0) {
      products.push(source);
      continue;
    }
    const suffix = (t: string) => `${t} ${round + 1}`;
    products.push({
      ...source,
      id: 1_000_000 + i,
      handle: `${source.handle}-${round + 1}`,
      title: { nl: suffix(source.title.nl), en: suffix(source.title.en), de: suffix(source.title.de) },
      variants: source.variants.map((v, j) => ({ ...v, id: 10_000_000 + i * 200 + j })),
    });
  }
  const collections = fixtureCatalog.collections.map((c) => ({
    ...c,
    products: products
      .filter((p) => c.products.includes(p.handle.replace(/-\d+$/, '')) || c.products.includes(p.handle))
      .map((p) => p.handle),
  }));
  return { products, collections };
}
