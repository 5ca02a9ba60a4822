import { langParam, locales } from '~/i18n/locales.ts';
import { getAllProductDetails, type Product } from '~/lib/storefront/index.ts';

/**
 * getStaticPaths for the two product pages: every product in every language, addressed by the
 * parameter `key` (handle for /product/{handle}, numeric id for /products/{id}).
 */
export async function productStaticPaths<K extends string>(key: K, value: (product: Product) => string) {
  const paths = [];
  for (const lang of locales) {
    for (const product of await getAllProductDetails(lang)) {
      paths.push({
        params: { lang: langParam(lang), [key]: value(product) } as { lang: string | undefined } & Record<
          K,
          string
        >,
        props: { product },
      });
    }
  }
  return paths;
}
