import { format } from '~/i18n/format.ts';
import type { Locale } from '~/i18n/locales.ts';
import { fetchJson } from '~/lib/http/fetch-json.ts';
import { formatCents } from '~/lib/storefront/money.ts';
import {
  $appliedDiscount,
  DISCOUNT_EVENT,
  DISCOUNT_PATTERN,
  type DiscountResult,
  linesKey,
  readDiscountCode,
  writeDiscountCode,
} from './discount-store.ts';
import { $cart } from './store.ts';

export type DiscountTexts = Record<
  | 'fresh.discount.checking'
  | 'fresh.discount.applicable'
  | 'fresh.discount.notApplicable'
  | 'fresh.discount.invalid'
  | 'fresh.discount.failed'
  | 'cart.error.unknownVariant',
  string
>;

/**
 * The discount-code field on /cart. Apply asks the store through the checkout endpoint (the
 * Cart API decides: `discountCodes[].applicable`) and keeps the code for checkout; Remove forgets
 * it. What the store said is shown, also after a checkout, and an applied code's amount goes
 * into the cart's summary (`$appliedDiscount`). A kept code is asked about again when the page
 * opens and after the lines change, so the total shown is the store's for these lines. Hidden
 * while the cart is empty.
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
  const showResult = (result: DiscountResult, lines: string) => {
    const found = result.discountCodes?.[0];
    if (!found) return;
    const off = result.cost ? Math.max(0, result.cost.subtotal - result.cost.total) : 0;
    $appliedDiscount.set(found.applicable ? { code: found.code, offCents: off, lines } : null);
    if (found.applicable)
      show(
        format(m['fresh.discount.applicable'], { code: found.code, amount: formatCents(off, lang) }, lang),
        'ok',
      );
    else show(format(m['fresh.discount.notApplicable'], { code: found.code }, lang), 'bad');
  };
  const sync = () => {
    remove.hidden = !readDiscountCode();
  };

  let busy = false;
  let again = false;
  /** Asks the store about `code` for the cart's lines now; one question at a time, the last wins. */
  const check = async (code: string) => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    show(m['fresh.discount.checking'], 'info');
    const lines = $cart.get();
    const key = linesKey(lines);
    const answer = await fetchJson<DiscountResult>('/api/checkout', {
      body: {
        language: lang,
        lines: lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
        discountCode: code,
      },
    });
    busy = false;
    const current = readDiscountCode();
    if (again || current !== code) {
      // The lines or the code changed while the store was asked: ask about what is there now.
      again = false;
      if (current && $cart.get().length > 0) void check(current);
      return;
    }
    // The code stays kept either way: the store decides again at checkout.
    if (answer.ok && answer.data.discountCodes) showResult(answer.data, key);
    // A line sold out since it was added: the store refuses the whole cart, so say which problem.
    else if (!answer.ok && answer.code === 'unknown_variant') show(m['cart.error.unknownVariant'], 'bad');
    else show(m['fresh.discount.failed'], 'bad');
  };

  input.value = readDiscountCode() ?? '';
  sync();
  let recheck: ReturnType<typeof setTimeout> | undefined;
  $cart.subscribe((items) => {
    root.hidden = items.length === 0;
    const code = readDiscountCode();
    const applied = $appliedDiscount.get();
    if (!code || items.length === 0 || (applied && applied.lines === linesKey(items))) return;
    // Opened with a kept code, or the lines changed since the store was asked: ask again once
    // the quantity buttons rest. Until then the summary shows no discount.
    clearTimeout(recheck);
    recheck = setTimeout(() => void check(code), 400);
  });
  document.addEventListener(DISCOUNT_EVENT, (event) =>
    showResult((event as CustomEvent<DiscountResult>).detail, linesKey($cart.get())),
  );

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = input.value.trim();
    if (!DISCOUNT_PATTERN.test(code)) {
      show(m['fresh.discount.invalid'], 'bad');
      input.focus();
      return;
    }
    clearTimeout(recheck);
    writeDiscountCode(code);
    sync();
    void check(code);
  });
  remove.addEventListener('click', () => {
    writeDiscountCode(null);
    $appliedDiscount.set(null);
    clearTimeout(recheck);
    input.value = '';
    status.textContent = '';
    sync();
    input.focus();
  });
}
