import type { ImageMetadata } from 'astro';
import type { Image } from '~/lib/storefront/types.ts';

// The local catalog names its article pictures by their path in the repository, so they go
// through astro:assets like any imported image (a real store answers cdn.shopify.com URLs).
const local = import.meta.glob<{ default: ImageMetadata }>('/src/assets/blog/*.{webp,png,jpg,jpeg}', {
  eager: true,
});

export type ArticleImage = {
  src: ImageMetadata | string;
  alt: string;
  width: number;
  height: number;
};

/** What <Image>/<Picture> needs for an article picture, or null when the article has none. */
export function articleImage(image: Image | null, fallbackAlt: string): ArticleImage | null {
  if (!image) return null;
  const asset = local[image.url]?.default;
  return {
    src: asset ?? image.url,
    alt: image.altText ?? fallbackAlt,
    width: asset?.width ?? image.width ?? 1200,
    height: asset?.height ?? image.height ?? 675,
  };
}
