import { showToast } from '~/components/toast.ts';
import type { Locale } from '~/i18n/locales.ts';
import { cartMessages } from '~/i18n/messages/cart.ts';
import { DISCOUNT_EVENT, type DiscountResult, readDiscountCode } from './discount-store.ts';
import type { CartItem } from './schema.ts';

type CheckoutAnswer = DiscountResult & { checkoutUrl?: string; error?: { code?: string; message?: string } };

/**
 * Starts checkout for cart lines: POST /api/checkout, then the checkout address opens in a new
 * tab. The tab is opened at the click (browsers block pop-ups opened later) and closed again if
 * the request fails; failures show the spec's toast in the page language. A caller that must
 * load this module first opens the tab itself and passes it in.
 */
export async function startCheckout(
  lines: readonly Pick<CartItem, 'variantId' | 'quantity'>[],
  lang: Locale,
  openedTab?: Window | null,
): Promise<boolean> {
  const m = cartMessages[lang];
  const tab = openedTab === undefined ? window.open('', '_blank') : openedTab;
  showToast({ title: m['cart.redirecting'], dismissLabel: m['cart.dismiss'] });
  let answer: CheckoutAnswer = {};
  // The discount code entered on /cart goes with the lines; the store decides (cart/discount.ts).
  const discountCode = readDiscountCode();
  try {
    const response = await fetch('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        language: lang,
        lines: lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
        ...(discountCode ? { discountCode } : {}),
      }),
    });
    answer = (await response.json().catch(() => ({}))) as CheckoutAnswer;
    if (response.ok && answer.checkoutUrl) {
      if (answer.discountCodes) document.dispatchEvent(new CustomEvent(DISCOUNT_EVENT, { detail: answer }));
      if (tab) {
        tab.opener = null;
        tab.location.href = answer.checkoutUrl;
      } else {
        window.location.href = answer.checkoutUrl;
      }
      return true;
    }
  } catch {
    answer = { error: { code: 'network' } };
  }
  tab?.close();
  const code = answer.error?.code;
  showToast({
    variant: 'error',
    title: m['shop.errorAdding'],
    description:
      code === 'unknown_variant'
        ? m['cart.error.unknownVariant']
        : code === 'network'
          ? m['cart.error.network']
          : m['shop.errorMessage'],
    dismissLabel: m['cart.dismiss'],
  });
  return false;
}
