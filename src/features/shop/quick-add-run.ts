import { showToast } from '~/components/toast.ts';
import { addCartLine } from '~/features/cart/index.ts';
import { format } from '~/i18n/format.ts';
import { asLocale, defaultLocale, type Locale } from '~/i18n/locales.ts';
import { cartMessages } from '~/i18n/messages/cart.ts';
import { shopMessages } from '~/i18n/messages/shop.ts';
import { fetchJson } from '~/lib/http/fetch-json.ts';
import { formatCents } from '~/lib/storefront/money.ts';
import { addFeedback } from './add-feedback.ts';
import { cartLineFor } from './options.ts';
import type { QuickAddProduct } from './quick-add-handler.ts';

type Variant = QuickAddProduct['variants'][number];

const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
function texts(lang: Locale) {
  return { ...shopMessages[lang], dismiss: cartMessages[lang]['cart.dismiss'] };
}

/** The spec's list error texts: the collection's on collection pages, the shop's elsewhere. */
function showAddError(lang: Locale) {
  const m = texts(lang);
  const onCollection = /\/collection\//.test(window.location.pathname);
  showToast({
    variant: 'error',
    title: onCollection ? m['collection.addErrorTitle'] : m['shop.addError'],
    description: m['collection.addErrorDescription'],
    dismissLabel: m.dismiss,
  });
}

/** Adds one unit under SPEC.md section 5 (not for sale or without id: refused) and says so. */
function add(data: QuickAddProduct, variant: Variant, lang: Locale): boolean {
  const m = texts(lang);
  const result = addCartLine(cartLineFor(data.product, variant, 1, data.product.image));
  if (!result.ok) {
    showAddError(lang);
    return false;
  }
  const feedbackTexts = {
    added: m['product.added'],
    addedTitle: m['product.addedTitle'],
    addedText: m['product.addedText'],
    addedPart: m['product.addedPart'],
    addedPartTitle: m['product.addedPartTitle'],
    addedPartText: m['product.addedPartText'],
    notAdded: m['product.notAdded'],
    notAddedTitle: m['product.notAddedTitle'],
    notAddedText: m['product.notAddedText'],
  };
  const variantTitle = variant.title === 'Default Title' ? '' : variant.title;
  const feedback = addFeedback(feedbackTexts, 1, result.added, data.product.title, variantTitle, lang);
  showToast({
    ...(feedback.kind === 'none' ? { variant: 'error' as const } : {}),
    title: feedback.title,
    description: feedback.text,
    dismissLabel: m.dismiss,
  });
  return true;
}

/** The small variant chooser: a modal dialog, first choice for sale focused, focus returns. */
function choose(data: QuickAddProduct, lang: Locale, trigger: HTMLElement) {
  const m = texts(lang);
  const dialog = document.createElement('dialog');
  dialog.className =
    'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink shadow-2xl backdrop:bg-night/50';
  dialog.setAttribute('aria-labelledby', 'quick-add-title');
  dialog.dataset.quickAddDialog = '';
  const firstForSale = data.variants.findIndex((v) => v.available);
  const options = data.variants
    .map(
      (
        v,
        i,
      ) => `<div><input type="radio" class="peer sr-only" name="variant" id="qa-${i}" value="${i}"${v.available ? '' : ' disabled'}${i === firstForSale ? ' checked' : ''}>
      <label for="qa-${i}" class="flex cursor-pointer justify-between gap-4 rounded-xl border border-ink/25 px-4 py-2 peer-checked:border-violet peer-checked:ring-2 peer-checked:ring-violet peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold">
        <span>${esc(v.title)}${v.available ? '' : ` ${esc(m['shop.soldOutSuffix'])}`}</span><span>${esc(formatCents(v.price, lang))}</span></label></div>`,
    )
    .join('');
  dialog.innerHTML = `<form method="dialog" class="space-y-4">
    <h2 id="quick-add-title" class="text-xl">${esc(format(m['fresh.chooseTitle'], { title: data.product.title }, lang))}</h2>
    <fieldset class="space-y-2"><legend class="sr-only">${esc(m['product.variant'])}</legend>${options}</fieldset>
    <div class="flex justify-end gap-2">
      <button type="button" data-cancel class="btn-secondary">${esc(m['fresh.chooseCancel'])}</button>
      <button type="submit" class="btn-primary"${firstForSale < 0 ? ' disabled' : ''}>${esc(m['fresh.chooseAdd'])}</button>
    </div></form>`;
  const form = dialog.querySelector('form');
  dialog.querySelector('[data-cancel]')?.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    const checked = dialog.querySelector<HTMLInputElement>('input[name="variant"]:checked');
    const variant = checked ? data.variants[Number(checked.value)] : undefined;
    if (!variant) return;
    if (add(data, variant, lang)) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    trigger.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  dialog.querySelector<HTMLInputElement>('input[name="variant"]:checked')?.focus();
}

/** Quick add from a product card: one variant is added at once, more open the chooser. */
export async function quickAdd(button: HTMLButtonElement): Promise<void> {
  const lang = asLocale(document.documentElement.lang) ?? defaultLocale;
  const handle = button.dataset.handle ?? '';
  if (button.getAttribute('aria-busy') === 'true') return;
  button.setAttribute('aria-busy', 'true');
  const answer = await fetchJson<QuickAddProduct>(
    `/api/shop/product-variants?${new URLSearchParams({ handle, lang })}`,
  );
  button.removeAttribute('aria-busy');
  if (!answer.ok) {
    showAddError(lang);
    return;
  }
  const data = answer.data;
  // Variants without an id are ignored (SPEC.md section 5).
  data.variants = data.variants.filter((v) => Boolean(v.id));
  const only = data.variants.length === 1 ? data.variants[0] : undefined;
  if (only) add(data, only, lang);
  else if (data.variants.length > 1) choose(data, lang, button);
  else showAddError(lang);
}
