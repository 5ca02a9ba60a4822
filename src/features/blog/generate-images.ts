/**
 * Draws the local catalog's article pictures into src/assets/blog/ and the home hero into
 * src/features/home/assets/ (WebP). Run with `node src/features/blog/generate-images.ts`; the
 * results are committed, so builds do not depend on this script.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { eenheid } from '../../lib/storefront/local/fixtures/content/eenheid.ts';
import { egoToEden } from '../../lib/storefront/local/fixtures/content/ego-to-eden.ts';
import { drawArticleArt, drawHeroArt } from './art.ts';

const blogDir = resolve('src/assets/blog');
const homeDir = resolve('src/features/home/assets');
await mkdir(blogDir, { recursive: true });
await mkdir(homeDir, { recursive: true });

let bytes = 0;
for (const article of [...egoToEden.articles, ...eenheid.articles]) {
  const source = drawArticleArt(article.image.file);
  if (!source) throw new Error(`No drawing for ${article.image.file}`);
  const out = await sharp(Buffer.from(source)).webp({ quality: 80, effort: 6 }).toBuffer();
  bytes += out.byteLength;
  await writeFile(resolve(blogDir, article.image.file), out);
}
const hero = await sharp(Buffer.from(drawHeroArt())).webp({ quality: 78, effort: 6 }).toBuffer();
bytes += hero.byteLength;
await writeFile(resolve(homeDir, 'hero.webp'), hero);
console.info(`Wrote 12 article pictures and the hero, ${(bytes / 1024).toFixed(0)} KB in total.`);
