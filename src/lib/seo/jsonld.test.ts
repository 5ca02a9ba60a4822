import { describe, expect, it } from 'vitest';
import type { Product } from '../storefront/types.ts';
import {
  blogPostingJsonLd,
  organizationJsonLd,
  type ProductForJsonLd,
  productJsonLd,
  serializeJsonLd,
} from './jsonld.ts';

// The storefront's Product can be handed to productJsonLd as it is (a type error otherwise).
const _productFits = (p: Product): ProductForJsonLd => p;
void _productFits;

const base = 'https://chosenones.example/';

describe('JSON-LD builders', () => {
  it('builds an Organization with address and profiles', () => {
    const org = organizationJsonLd(base, 'Beschrijving');
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Chosen Ones', url: base });
    expect((org.address as Record<string, string>).addressCountry).toBe('NL');
    expect(org.sameAs).toHaveLength(5);
  });

  it('builds a BlogPosting with the fields search engines require', () => {
    const post = blogPostingJsonLd(
      {
        title: 'De stem in je hoofd',
        description: 'Over luisteren.',
        url: `${base}blog/ego-to-eden/de-stem-in-je-hoofd`,
        image: `${base}_astro/a.webp`,
        publishedAt: '2026-10-28T08:00:00Z',
        author: 'Miriam de Vries',
        tags: ['ego'],
        blogTitle: 'Van Ego naar Eden',
        blogUrl: `${base}ego-to-eden`,
        lang: 'nl',
      },
      base,
    );
    expect(post).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'De stem in je hoofd',
      datePublished: '2026-10-28T08:00:00Z',
      author: { '@type': 'Person', name: 'Miriam de Vries' },
      inLanguage: 'nl-NL',
    });
  });

  it('builds a Product with one offer per variant', () => {
    const product = productJsonLd(
      {
        title: 'Eenheid Ontsluierd',
        description: 'Een digitale cursus.',
        handle: 'eenheid-ontsluierd',
        vendor: 'Chosen Ones',
        images: [{ url: '/catalog/eenheid.webp' }],
        variants: [
          {
            id: 'gid://shopify/ProductVariant/11',
            title: 'S',
            availableForSale: true,
            price: { amount: '29.9', currencyCode: 'EUR' },
          },
          {
            id: 'gid://shopify/ProductVariant/12',
            title: 'M',
            availableForSale: false,
            price: { amount: '29.9', currencyCode: 'EUR' },
          },
        ],
      },
      `${base}product/eenheid-ontsluierd`,
      base,
    );
    expect(product.image).toEqual([`${base}catalog/eenheid.webp`]);
    expect(product.offers).toEqual([
      expect.objectContaining({
        price: '29.90',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        sku: '11',
      }),
      expect.objectContaining({ availability: 'https://schema.org/OutOfStock', name: 'M' }),
    ]);
  });

  it('serializes so that text cannot close the script element', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script> & co' });
    expect(out).not.toContain('</script>');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script> & co' });
  });
});
