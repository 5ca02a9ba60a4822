/**
 * Makes the seeded mockup images (bucket `mockups`, `{variantId}/1.png` and `2.png`) for the
 * first variant of each clothing product of the local catalog, from its catalog picture: the
 * product on two backgrounds, as a print-on-demand mockup would show it. Digital products get
 * none, so the placeholder path stays in use too. Run: node supabase/local/make-mockups.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const products: Array<{ variantId: string; picture: string }> = [
  { variantId: '40008', picture: 'chosen-ones-hoodie-black-front.webp' },
  { variantId: '40020', picture: 'eenheid-t-shirt-white-front.webp' },
  { variantId: '40028', picture: 'zeven-zegels-longsleeve-sage-front.webp' },
  { variantId: '40031', picture: 'lichtwerker-joggingbroek-anthracite-front.webp' },
  { variantId: '40035', picture: 'trinity-jack-midnight-front.webp' },
];
const backgrounds = ['#fbf8f2', '#ece6f8'];

for (const { variantId, picture } of products) {
  const dir = join('supabase', 'seed-assets', 'mockups', variantId);
  mkdirSync(dir, { recursive: true });
  for (const [i, background] of backgrounds.entries()) {
    const product = await sharp(join('public', 'catalog', picture))
      .resize(i === 0 ? 520 : 440, i === 0 ? 520 : 440, { fit: 'contain', background })
      .toBuffer();
    await sharp({ create: { width: 600, height: 600, channels: 3, background } })
      .composite([{ input: product, gravity: 'centre' }])
      .png({ palette: true, quality: 80, compressionLevel: 9 })
      .toFile(join(dir, `${i + 1}.png`));
  }
}
console.info(`Made mockups for ${products.length} variants.`);
