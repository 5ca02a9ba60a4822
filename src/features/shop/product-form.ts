import { showToast } from '~/components/toast.ts';
import { addCartLine, whenIdle } from '~/features/cart/index.ts';
import type { Locale } from '~/i18n/locales.ts';
import { type AddFeedbackMessages, addFeedback } from './add-feedback.ts';
import { cartLineFor, findVariant, isAddable } from './options.ts';
import { freshenVariants } from './product-fresh.ts';

/** What the server hands the product form (JSON in the page). */
export type ProductFormData = {
  lang: Locale;
  product: { id: string; handle: string; title: string };
  variants: {
    id: string;
    title: string;
    available: boolean;
    price: number;
    priceText: string;
    options: Record<string, string>;
    image: string | null;
    imageAlt: string | null;
  }[];
  fallbackImage: string | null;
  messages: AddFeedbackMessages &
    Record<'addToCart' | 'unavailable' | 'addErrorTitle' | 'addErrorText' | 'dismiss', string>;
};
type FormVariant = ProductFormData['variants'][number];

const CONFIRMATION_MS = 2000;

/**
 * The product form over server-rendered HTML: option or variant choice, quantity 1-10, add to
 * cart with a 2 s confirmation, and (on /products/{id}) direct checkout. No framework needed.
 */
class ProductForm extends HTMLElement {
  connectedCallback() {
    const json = this.querySelector('[data-product-data]')?.textContent;
    const form = this.querySelector('form');
    if (!json || !form) return;
    const data = JSON.parse(json) as ProductFormData;
    const m = data.messages;
    const price = this.querySelector<HTMLElement>('[data-price]');
    const add = this.querySelector<HTMLButtonElement>('[data-add]');
    const checkoutNow = this.querySelector<HTMLButtonElement>('[data-checkout-now]');
    const status = this.querySelector<HTMLElement>('[data-status]');
    const quantity = this.querySelector<HTMLInputElement>('input[name="quantity"]');
    const optionSets = [...this.querySelectorAll<HTMLFieldSetElement>('fieldset[data-option]')];
    let confirmTimer: ReturnType<typeof setTimeout> | undefined;

    const choice = (): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const set of optionSets) {
        const checked = set.querySelector<HTMLInputElement>('input:checked');
        if (set.dataset.option && checked) out[set.dataset.option] = checked.value;
      }
      return out;
    };
    const current = (): FormVariant | undefined => {
      const listed = this.querySelector<HTMLInputElement>('input[name="variant"]:checked');
      if (listed) return data.variants.find((v) => v.id === listed.value);
      if (optionSets.length)
        return findVariant(
          data.variants.map((v) => ({
            ...v,
            selectedOptions: Object.entries(v.options).map(([name, value]) => ({ name, value })),
          })),
          choice(),
        );
      return data.variants[0];
    };
    const addable = (v: FormVariant | undefined) =>
      isAddable(v ? { id: v.id, availableForSale: v.available } : null);

    const render = () => {
      const variant = current();
      const ok = addable(variant);
      if (price && variant) price.textContent = variant.priceText;
      if (add) {
        add.disabled = !ok;
        add.textContent = ok ? m.addToCart : m.unavailable;
      }
      if (checkoutNow) checkoutNow.disabled = !ok;
      // Mark the values that, with the rest of the current choice, are sold out or do not exist.
      const now = choice();
      for (const set of optionSets) {
        const name = set.dataset.option ?? '';
        for (const input of set.querySelectorAll<HTMLInputElement>('input')) {
          const v = data.variants.find((x) =>
            Object.entries({ ...now, [name]: input.value }).every(([k, val]) => x.options[k] === val),
          );
          const soldOut = !v?.available;
          const label = this.querySelector<HTMLElement>(`label[for="${input.id}"]`);
          label?.toggleAttribute('data-soldout', soldOut);
          const suffix = label?.querySelector<HTMLElement>('[data-soldout-label]');
          if (suffix) suffix.hidden = !soldOut;
        }
      }
      document.dispatchEvent(
        new CustomEvent('variant-change', {
          detail: {
            id: variant?.id ?? null,
            image: variant?.image ?? null,
            imageAlt: variant?.imageAlt ?? null,
          },
        }),
      );
    };

    const readQuantity = () => {
      const n = Math.trunc(Number(quantity?.value));
      return Number.isFinite(n) ? Math.min(10, Math.max(1, n)) : 1;
    };
    const steps = [...this.querySelectorAll<HTMLButtonElement>('[data-step]')];
    // Quantity stays within 1-10: the step that cannot go further is disabled.
    const syncSteps = () => {
      const n = readQuantity();
      for (const step of steps) step.disabled = Number(step.dataset.step) < 0 ? n <= 1 : n >= 10;
    };
    for (const step of steps) {
      step.addEventListener('click', () => {
        if (quantity)
          quantity.value = String(Math.min(10, Math.max(1, readQuantity() + Number(step.dataset.step))));
        syncSteps();
        // A step that just became disabled would drop focus to the page: keep it in the control.
        if (step.disabled) quantity?.focus();
      });
    }
    quantity?.addEventListener('change', () => {
      quantity.value = String(readQuantity());
      syncSteps();
    });
    quantity?.addEventListener('input', syncSteps);
    syncSteps();
    form.addEventListener('change', (event) => {
      if ((event.target as HTMLInputElement).type === 'radio') render();
    });

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const variant = current();
      if (!variant || !addable(variant) || !add) return;
      const qty = readQuantity();
      if (quantity) quantity.value = String(qty);
      const result = addCartLine(cartLineFor(data.product, variant, qty, data.fallbackImage));
      if (!result.ok) {
        showToast({
          variant: 'error',
          title: m.addErrorTitle,
          description: m.addErrorText,
          dismissLabel: m.dismiss,
        });
        return;
      }
      const variantTitle = variant.title === 'Default Title' ? '' : variant.title;
      const feedback = addFeedback(m, qty, result.added, data.product.title, variantTitle, data.lang);
      showToast({
        ...(feedback.kind === 'none' ? { variant: 'error' as const } : {}),
        title: feedback.title,
        description: feedback.text,
        dismissLabel: m.dismiss,
      });
      add.textContent = feedback.button;
      if (status) {
        status.textContent = feedback.button;
        // Green says "done"; when nothing went in, the colour must not say so.
        status.classList.toggle('text-green-800', feedback.kind !== 'none');
        status.classList.toggle('text-red-800', feedback.kind === 'none');
      }
      clearTimeout(confirmTimer);
      confirmTimer = setTimeout(() => {
        if (status) status.textContent = '';
        render();
      }, CONFIRMATION_MS);
    });

    checkoutNow?.addEventListener('click', async () => {
      const variant = current();
      if (!variant || !addable(variant)) return;
      checkoutNow.disabled = true;
      const tab = window.open('', '_blank');
      const { startCheckout } = await import('~/features/cart/checkout.ts');
      await startCheckout([{ variantId: variant.id, quantity: readQuantity() }], data.lang, tab);
      checkoutNow.disabled = false;
    });

    render();
    // A tap held by ProductForm.astro's inline script before this ran: now it counts.
    this.setAttribute('data-ready', '');
    if (form.hasAttribute('data-pending')) {
      form.removeAttribute('data-pending');
      add?.removeAttribute('aria-busy');
      form.requestSubmit();
    }

    // After load: price and stock now, not as at build time (./product-fresh.ts); the variant list
    // shows both in its labels, the option buttons and the add button follow through render().
    whenIdle(async () => {
      if (!(await freshenVariants(data.variants, data.lang))) return;
      for (const v of data.variants) {
        const label = this.querySelector<HTMLElement>(`[data-variant-label="${CSS.escape(v.id)}"]`);
        const soldOut = label?.querySelector<HTMLElement>('[data-variant-soldout]');
        if (soldOut) soldOut.textContent = v.available ? '' : ` ${soldOut.dataset.text ?? ''}`;
        const listed = label?.querySelector<HTMLElement>('[data-variant-price]');
        if (listed) listed.textContent = v.priceText;
      }
      render();
    });
  }
}

customElements.define('product-form', ProductForm);
