import { $cart } from '~/features/cart/store.ts';
import type { Locale } from '~/i18n/locales.ts';
import { fetchJson } from '~/lib/http/fetch-json.ts';
import { formatCents } from '~/lib/storefront/money.ts';
import {
  DISCOUNT_EVENT,
  DISCOUNT_PATTERN,
  type DiscountResult,
  readDiscountCode,
  writeDiscountCode,
} from './discount-store.ts';

export type DiscountTexts = Record<
  | 'fresh.discount.checking'
  | 'fresh.discount.applicable'
  | 'fresh.discount.notApplicable'
  | 'fresh.discount.invalid'
  | 'fresh.discount.failed'
  | 'cart.error.unknownVariant',
  string
>;

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);

/**
 * The discount-code field on /cart. Apply asks the store through the checkout endpoint (the
 * Cart API decides: `discountCodes[].applicable`) and keeps the code for checkout; Remove forgets
 * it. What the store said is shown, also after a checkout. Hidden while the cart is empty.
 */
export function mountDiscount(root: HTMLElement, lang: Locale, m: DiscountTexts): void {
  const form = root.querySelector('form');
  const input = root.querySelector<HTMLInputElement>('input[name="code"]');
  const status = root.querySelector<HTMLElement>('[data-discount-status]');
  const remove = root.querySelector<HTMLButtonElement>('[data-discount-remove]');
  if (!form || !input || !status || !remove) return;

  const show = (text: string, kind: 'ok' | 'bad' | 'info') => {
    status.textContent = text;
    status.dataset.kind = kind;
    status.className = `min-h-6 text-sm ${kind === 'ok' ? 'text-green-800' : kind === 'bad' ? 'text-red-800' : 'text-ink/70'}`;
  };
  const showResult = (result: DiscountResult) => {
    const found = result.discountCodes?.[0];
    if (!found) return;
    const off = result.cost ? result.cost.subtotal - result.cost.total : 0;
    if (found.applicable)
      show(fill(m['fresh.discount.applicable'], { code: found.code, amount: formatCents(off, lang) }), 'ok');
    else show(fill(m['fresh.discount.notApplicable'], { code: found.code }), 'bad');
  };
  const sync = () => {
    remove.hidden = !readDiscountCode();
  };

  input.value = readDiscountCode() ?? '';
  sync();
  $cart.subscribe((items) => {
    root.hidden = items.length === 0;
  });
  document.addEventListener(DISCOUNT_EVENT, (event) =>
    showResult((event as CustomEvent<DiscountResult>).detail),
  );

  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const code = input.value.trim();
    if (!DISCOUNT_PATTERN.test(code)) {
      show(m['fresh.discount.invalid'], 'bad');
      input.focus();
      return;
    }
    if (busy) return;
    busy = true;
    writeDiscountCode(code);
    sync();
    show(m['fresh.discount.checking'], 'info');
    const answer = await fetchJson<DiscountResult>('/api/checkout', {
      body: {
        language: lang,
        lines: $cart.get().map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
        discountCode: code,
      },
    });
    busy = false;
    // The code stays kept either way: the store decides again at checkout.
    if (answer.ok && answer.data.discountCodes) showResult(answer.data);
    // A line sold out since it was added: the store refuses the whole cart, so say which problem.
    else if (!answer.ok && answer.code === 'unknown_variant') show(m['cart.error.unknownVariant'], 'bad');
    else show(m['fresh.discount.failed'], 'bad');
  });
  remove.addEventListener('click', () => {
    writeDiscountCode(null);
    input.value = '';
    status.textContent = '';
    sync();
    input.focus();
  });
}
