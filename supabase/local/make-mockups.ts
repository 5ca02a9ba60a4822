/**
 * Makes the seeded mockup images (bucket `mockups`, `{variantId}/1.png` and `2.png`) for every
 * variant of every product of the local catalog, from the variant's catalog picture (or the
 * product's first one): the product on two backgrounds, as a print-on-demand mockup would show
 * it. The product page can show any variant, so each needs its own pair.
 * Run: node supabase/local/make-mockups.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { fixtureCatalog } from '../../src/lib/storefront/local/fixtures.ts';

const backgrounds = ['#fbf8f2', '#ece6f8'];
const rendered = new Map<string, Buffer[]>();

async function render(picture: string): Promise<Buffer[]> {
  const cached = rendered.get(picture);
  if (cached) return cached;
  const out: Buffer[] = [];
  for (const [i, background] of backgrounds.entries()) {
    const product = await sharp(join('public', 'catalog', picture))
      .resize(i === 0 ? 520 : 440, i === 0 ? 520 : 440, { fit: 'contain', background })
      .toBuffer();
    out.push(
      await sharp({ create: { width: 600, height: 600, channels: 3, background } })
        .composite([{ input: product, gravity: 'centre' }])
        .png({ palette: true, quality: 80, compressionLevel: 9 })
        .toBuffer(),
    );
  }
  rendered.set(picture, out);
  return out;
}

let count = 0;
for (const product of fixtureCatalog.products) {
  for (const variant of product.variants) {
    const picture = variant.image ?? product.images[0]?.file;
    if (!picture) continue;
    const dir = join('supabase', 'seed-assets', 'mockups', String(variant.id));
    mkdirSync(dir, { recursive: true });
    const [one, two] = await render(picture);
    if (one) writeFileSync(join(dir, '1.png'), one);
    if (two) writeFileSync(join(dir, '2.png'), two);
    count++;
  }
}
console.info(`Made mockups for ${count} variants.`);
