import { asLocale, defaultLocale, localizePath } from '~/i18n/locales.ts';
import { cartMessages } from '~/i18n/messages/cart.ts';
import { mountCartView } from './cart-view.ts';
import { coreNewTab } from './new-tab.ts';

let dialog: HTMLDialogElement | undefined;

function createDrawer(): HTMLDialogElement {
  const lang = asLocale(document.documentElement.lang) ?? defaultLocale;
  const m = cartMessages[lang];
  const el = document.createElement('dialog');
  el.className =
    'cart-drawer m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-parchment p-0 text-ink shadow-2xl backdrop:bg-night/50';
  el.setAttribute('aria-labelledby', 'cart-drawer-title');
  el.innerHTML = `<div class="flex h-full flex-col">
    <div class="flex items-center justify-between border-b border-ink/10 px-5 py-4">
      <h2 id="cart-drawer-title" class="text-2xl"></h2>
      <button type="button" data-close class="flex h-10 w-10 items-center justify-center rounded-full text-2xl hover:bg-lilac">×</button>
    </div>
    <div data-view class="min-h-0 flex-1"></div></div>`;
  const title = el.querySelector('h2');
  if (title) title.textContent = m['cart.drawerTitle'];
  const close = el.querySelector<HTMLButtonElement>('[data-close]');
  close?.setAttribute('aria-label', m['cart.close']);
  close?.addEventListener('click', () => el.close());
  // A click on the backdrop (the dialog element itself, outside its content) closes it.
  el.addEventListener('click', (event) => {
    if (event.target === el) el.close();
  });
  const view = el.querySelector<HTMLElement>('[data-view]');
  if (view) {
    mountCartView(view, {
      lang,
      m,
      full: false,
      newTabLabel: coreNewTab[lang],
      shopHref: localizePath('/shop', lang),
      cartHref: localizePath('/cart', lang),
      productHref: (handle) => localizePath(`/product/${handle}`, lang),
      namesUrl: localizePath('/cart-names.json', lang),
    });
  }
  document.body.append(el);
  return el;
}

/** Opens the cart drawer (a modal dialog: focus stays inside, Escape closes, focus returns). */
export function openCartDrawer(trigger: HTMLElement): void {
  dialog ??= createDrawer();
  if (dialog.open) return;
  dialog.addEventListener('close', () => trigger.focus(), { once: true });
  dialog.showModal();
}
