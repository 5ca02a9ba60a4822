/**
 * `npm run catalog:generate -- --images`: draws the fixture pictures into public/catalog/.
 * `npm run catalog:generate -- --products 2000 [--out file]`: writes a large catalog (JSON) for
 * benchmarks; build with LOCAL_CATALOG_FILE=<that file> to use it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { drawArt } from './art.ts';
import { fixtureCatalog } from './fixtures.ts';
import { largeCatalog } from './generate-catalog.ts';

const { values } = parseArgs({
  options: {
    images: { type: 'boolean', default: false },
    products: { type: 'string' },
    out: { type: 'string' },
  },
});

async function drawImages(): Promise<void> {
  const { default: sharp } = await import('sharp');
  const dir = resolve('public/catalog');
  await mkdir(dir, { recursive: true });
  const images = [
    ...fixtureCatalog.products.flatMap((p) => p.images),
    ...fixtureCatalog.collections.map((c) => c.image),
  ];
  let bytes = 0;
  for (const image of images) {
    const out = await sharp(Buffer.from(drawArt(image.art)))
      .webp({ quality: 78, effort: 6 })
      .toBuffer();
    bytes += out.byteLength;
    await writeFile(resolve(dir, image.file), out);
  }
  console.info(`${images.length} images, ${(bytes / 1024).toFixed(0)} KB in ${dir}`);
}

if (values.images) await drawImages();
if (values.products) {
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 1) throw new Error('--products needs a positive whole number');
  const out = resolve(values.out ?? `node_modules/.cache/storefront-catalog/catalog-${count}.json`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(largeCatalog(count)));
  console.info(`${count} products written to ${out}\nBuild with LOCAL_CATALOG_FILE=${out}`);
}
if (!values.images && !values.products) console.info('Nothing to do: pass --images and/or --products N.');
