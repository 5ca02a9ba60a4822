import { showToast } from '~/components/toast.ts';
import { format } from '~/i18n/format.ts';
import type { Locale } from '~/i18n/locales.ts';
import { formatCents } from '~/lib/storefront/money.ts';
import { fetchFresh } from './fresh-client.ts';
import type { CartItem } from './schema.ts';
import { $cart } from './store.ts';

type Texts = Record<'fresh.priceChangedTitle' | 'fresh.priceChangedText' | 'cart.dismiss', string>;

/** What the after-load check found about the cart's lines. */
export type CartFreshness = {
  /** Variant ids that are no longer for sale (or gone from the store). */
  soldOut: Set<string>;
  /** Line id -> the notice that its price changed. */
  notices: Map<string, string>;
};

/**
 * Re-checks the cart's variants with one request. A changed price updates the stored line (so
 * totals and checkout follow) and gives a notice; a variant no longer for sale is reported so
 * the view can mark it. A failed check changes nothing and answers null.
 */
export async function checkCartLines(
  items: readonly CartItem[],
  names: readonly CartItem[],
  lang: Locale,
  m: Texts,
): Promise<CartFreshness | null> {
  if (items.length === 0) return null;
  const fresh = await fetchFresh(
    items.map((i) => i.variantId),
    lang,
  );
  if (!fresh) return null;
  const result: CartFreshness = { soldOut: new Set(), notices: new Map() };
  const prices = new Map<string, number>();
  for (const item of items) {
    if (!(item.variantId in fresh)) continue;
    const now = fresh[item.variantId];
    if (!now?.available) {
      result.soldOut.add(item.variantId);
      continue;
    }
    if (now.price === item.price) continue;
    prices.set(item.id, now.price);
    const shown = names.find((n) => n.id === item.id) ?? item;
    const variant =
      shown.variantTitle && shown.variantTitle !== 'Default Title' ? ` (${shown.variantTitle})` : '';
    result.notices.set(
      item.id,
      format(
        m['fresh.priceChangedText'],
        {
          title: `${shown.title}${variant}`,
          old: formatCents(item.price, lang),
          new: formatCents(now.price, lang),
        },
        lang,
      ),
    );
  }
  if (prices.size) {
    $cart.set($cart.get().map((i) => (prices.has(i.id) ? { ...i, price: prices.get(i.id) ?? i.price } : i)));
    showToast({
      title: m['fresh.priceChangedTitle'],
      description: [...result.notices.values()].join(' '),
      dismissLabel: m['cart.dismiss'],
    });
  }
  return result;
}
