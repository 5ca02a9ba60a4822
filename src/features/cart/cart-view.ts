import { format, formatNumber } from '~/i18n/format.ts';
import type { Locale } from '~/i18n/locales.ts';
import type { cartMessages } from '~/i18n/messages/cart.ts';
import { formatCents } from '~/lib/storefront/money.ts';
import { type CartFreshness, checkCartLines } from './cart-fresh.ts';
import { $appliedDiscount, type AppliedDiscount, linesKey } from './discount-store.ts';
import { whenIdle } from './fresh-client.ts';
import { itemCount, subtotalCents } from './lines.ts';
import { type LineNames, loadLineNames, localizeLines } from './names.ts';
import type { CartItem } from './schema.ts';
import { $cart, removeCartLine, setCartLineQuantity } from './store.ts';

/*
 * The cart's lines and summary, rendered from the store without a framework. The /cart page and
 * the drawer both mount it, so there is one cart UI; it re-renders on every store change (also
 * from other tabs) and keeps keyboard focus on the control that was used.
 */

export type CartMessages = Record<keyof (typeof cartMessages)['en'], string>;
export type CartViewOptions = {
  lang: Locale;
  m: CartMessages;
  /** The cart page shows subtotal and item count as well; the drawer only the total. */
  full: boolean;
  newTabLabel: string;
  shopHref: string;
  cartHref?: string;
  productHref: (handle: string) => string;
  /** The names map of the page's language (see names.ts). */
  namesUrl: string;
};

const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function lineHtml(item: CartItem, o: CartViewOptions, fresh: CartFreshness | null): string {
  const { m, lang } = o;
  const soldOut = fresh?.soldOut.has(item.variantId) ?? false;
  const notice = fresh?.notices.get(item.id);
  const variant = item.variantTitle && item.variantTitle !== 'Default Title' ? item.variantTitle : '';
  const name = esc(variant ? `${item.title} (${variant})` : item.title);
  const title = item.handle
    ? `<a class="hover:underline" href="${esc(o.productHref(item.handle))}">${esc(item.title)}</a>`
    : esc(item.title);
  const image = item.image
    ? `<img src="${esc(item.image)}" alt="" width="80" height="80" class="h-20 w-20 flex-none rounded-lg bg-lilac object-cover">`
    : '<div class="h-20 w-20 flex-none rounded-lg bg-lilac"></div>';
  const id = esc(item.id);
  return `<li class="flex gap-4 py-4" data-cart-line data-id="${id}">${image}
    <div class="flex min-w-0 flex-1 flex-col gap-2">
      <div class="flex justify-between gap-2">
        <div class="min-w-0">
          <p class="font-medium">${title}</p>
          ${variant ? `<p class="text-sm text-ink/70">${esc(variant)}</p>` : ''}
          <p class="text-sm text-ink/70">${formatCents(item.price, lang)}</p>
          ${soldOut ? `<p class="text-sm font-semibold text-red-800" data-line-soldout>${esc(m['fresh.lineSoldOut'])} <span class="font-normal">${esc(m['fresh.lineSoldOutNote'])}</span></p>` : ''}
          ${notice ? `<p class="text-sm text-violet-dark" data-line-notice>${esc(notice)}</p>` : ''}
        </div>
        <p class="whitespace-nowrap font-semibold" data-line-total>${formatCents(item.price * item.quantity, lang)}</p>
      </div>
      <div class="flex items-center gap-3">
        <div class="flex items-center rounded-full border border-ink/20">
          <button type="button" data-action="dec" data-id="${id}" class="h-9 w-9 rounded-full text-lg hover:bg-lilac" aria-label="${esc(format(m['cart.decrease'], { title: name }, lang))}">−</button>
          <span class="w-8 text-center" data-quantity><span class="sr-only">${esc(format(m['cart.quantityOf'], { title: name }, lang))}: </span>${item.quantity}</span>
          <button type="button" data-action="inc" data-id="${id}" class="h-9 w-9 rounded-full text-lg hover:bg-lilac disabled:opacity-40" aria-label="${esc(format(m['cart.increase'], { title: name }, lang))}"${item.quantity >= 10 || soldOut ? ' disabled' : ''}>+</button>
        </div>
        <button type="button" data-action="remove" data-id="${id}" class="rounded text-sm text-violet underline hover:text-violet-dark" aria-label="${esc(format(m['cart.removeItem'], { title: name }, lang))}">${esc(m['cart.remove'])}</button>
      </div>
    </div>
  </li>`;
}

function viewHtml(
  items: readonly CartItem[],
  o: CartViewOptions,
  fresh: CartFreshness | null,
  applied: AppliedDiscount | null,
): string {
  const { m, lang } = o;
  if (items.length === 0) {
    // The cart page has its own back-to-shop link under the view; the drawer needs one here.
    return `<div class="flex flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center ring-1 ring-ink/5" data-cart-empty>
      <p class="text-lg">${esc(m['cart.empty'])}</p>
      ${o.full ? '' : `<a class="btn-primary" href="${esc(o.shopHref)}">${esc(m['cart.backToShop'])}</a>`}</div>`;
  }
  const subtotalValue = subtotalCents(items);
  const subtotal = formatCents(subtotalValue, lang);
  // A code the store applied to exactly these lines lowers the total; otherwise none is shown.
  const off = applied && applied.lines === linesKey(items) ? Math.min(applied.offCents, subtotalValue) : 0;
  const rows = o.full
    ? `<div class="flex justify-between"><dt>${esc(m['cart.subtotal'])}</dt><dd data-cart-subtotal>${subtotal}</dd></div>
       <div class="flex justify-between"><dt>${esc(m['cart.itemCount'])}</dt><dd data-cart-item-count>${formatNumber(itemCount(items), lang)}</dd></div>`
    : '';
  const discount =
    applied && off > 0
      ? `<div class="flex justify-between text-green-800"><dt>${esc(format(m['cart.discount'], { code: applied.code }, lang))}</dt><dd data-cart-discount>−${formatCents(off, lang)}</dd></div>`
      : '';
  const summary = `<dl class="space-y-2">${rows}${discount}<div class="flex justify-between border-t border-ink/10 pt-2 text-lg font-semibold"><dt>${esc(m['cart.total'])}</dt><dd data-cart-total>${formatCents(subtotalValue - off, lang)}</dd></div></dl>
    <p class="text-sm text-ink/70">${esc(m['cart.note'])}</p>
    <button type="button" class="btn-primary w-full" data-action="checkout">${esc(m['cart.checkout'])}<span class="sr-only"> ${esc(o.newTabLabel)}</span><span aria-hidden="true">↗</span></button>
    ${o.cartHref ? `<a class="btn-secondary w-full" href="${esc(o.cartHref)}">${esc(m['cart.viewCart'])}</a>` : ''}`;
  const lines = `<ul class="divide-y divide-ink/10" aria-label="${esc(m['cart.title'])}">${items.map((i) => lineHtml(i, o, fresh)).join('')}</ul>`;
  return o.full
    ? `<div class="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div class="rounded-2xl bg-white px-5 ring-1 ring-ink/5">${lines}</div>
        <section aria-labelledby="cart-summary-title" class="h-fit space-y-4 rounded-2xl bg-white p-5 ring-1 ring-ink/5">
          <h2 id="cart-summary-title" class="text-xl">${esc(m['cart.summary'])}</h2>${summary}</section></div>`
    : `<div class="flex h-full flex-col"><div class="flex-1 overflow-y-auto px-5">${lines}</div>
        <div class="space-y-3 border-t border-ink/10 px-5 py-4">${summary}</div></div>`;
}

/** Renders the cart into `root` and keeps it current; returns a function that stops it. */
export function mountCartView(root: HTMLElement, o: CartViewOptions): () => void {
  let busy = false;
  // Lines are shown with the names of the page's language; until those are here (a small
  // static file), a non-empty cart keeps its loading state rather than flash other names.
  let names: LineNames | null = null;
  let namesSettled = false;
  // What the after-load check of stock and prices found (fresh/cart-fresh.ts); null until then.
  let fresh: CartFreshness | null = null;
  const render = (stored: readonly CartItem[]) => {
    if (!namesSettled && stored.length > 0) return;
    const items = localizeLines(stored, names);
    const active = document.activeElement as HTMLElement | null;
    const focus = root.contains(active) ? { action: active?.dataset.action, id: active?.dataset.id } : null;
    root.innerHTML = viewHtml(items, o, fresh, $appliedDiscount.get());
    if (!focus?.action) return;
    // Keep focus where the person was: the same control, else the next line's, else the view.
    const same = root.querySelector<HTMLElement>(
      `[data-action="${focus.action}"][data-id="${CSS.escape(focus.id ?? '')}"]`,
    );
    const target =
      same && !(same as HTMLButtonElement).disabled
        ? same
        : (same?.closest('li')?.querySelector<HTMLElement>('[data-action="dec"]') ??
          root.querySelector<HTMLElement>('[data-action="remove"], a'));
    target?.focus();
  };
  root.addEventListener('click', async (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-action]');
    if (!button) return;
    const items = $cart.get();
    const item = items.find((i) => i.id === button.dataset.id);
    switch (button.dataset.action) {
      case 'dec':
        if (item) setCartLineQuantity(item.id, item.quantity - 1);
        break;
      case 'inc':
        if (item) setCartLineQuantity(item.id, item.quantity + 1);
        break;
      case 'remove':
        if (item) removeCartLine(item.id);
        break;
      case 'checkout': {
        if (busy || items.length === 0) return;
        busy = true;
        button.disabled = true;
        button.setAttribute('aria-busy', 'true');
        // Opened now, at the click: a tab opened after the request would be blocked as a pop-up.
        const tab = window.open('', '_blank');
        const { startCheckout } = await import('./checkout.ts');
        await startCheckout(items, o.lang, tab);
        busy = false;
        button.disabled = false;
        button.removeAttribute('aria-busy');
      }
    }
  });
  loadLineNames(o.namesUrl).then((loaded) => {
    names = loaded;
    namesSettled = true;
    render($cart.get());
    whenIdle(async () => {
      const found = await checkCartLines($cart.get(), localizeLines($cart.get(), names), o.lang, o.m);
      if (!found) return;
      fresh = found;
      render($cart.get());
    });
  });
  const stopDiscount = $appliedDiscount.listen(() => render($cart.get()));
  const stopCart = $cart.subscribe(render);
  return () => {
    stopCart();
    stopDiscount();
  };
}
