import { fetchFresh } from '~/features/cart/index.ts';
import type { Locale } from '~/i18n/locales.ts';
import { formatCents } from '~/lib/storefront/money.ts';

type FreshenableVariant = { id: string; available: boolean; price: number; priceText: string };

/**
 * Re-checks a product page's variants with one request and writes what changed into them
 * (availability, price and its text). Answers whether anything changed; a failed check changes
 * nothing.
 */
export async function freshenVariants(variants: FreshenableVariant[], lang: Locale): Promise<boolean> {
  const fresh = await fetchFresh(
    variants.map((v) => v.id),
    lang,
  );
  if (!fresh) return false;
  let changed = false;
  for (const v of variants) {
    if (!(v.id in fresh)) continue;
    const now = fresh[v.id];
    const available = now?.available ?? false;
    if (available !== v.available) {
      v.available = available;
      changed = true;
    }
    if (now && now.price !== v.price) {
      v.price = now.price;
      v.priceText = formatCents(now.price, lang);
      changed = true;
    }
  }
  return changed;
}
