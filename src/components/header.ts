import { asLocale } from '~/i18n/locales.ts';

/** Wires the header without a framework: mobile menu, language choice, cart badge. */
export function initHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  initMenu(header);
  initLanguageChoice(header);
  initCartBadge(header);
}

function initMenu(header: HTMLElement): void {
  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  if (!toggle) return;
  const setOpen = (open: boolean) => {
    header.toggleAttribute('data-menu-open', open);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? '');
  };
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    setOpen(open);
    if (open) header.querySelector<HTMLAnchorElement>('#site-nav a')?.focus();
  });
  header.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });
}

function initLanguageChoice(header: HTMLElement): void {
  header.querySelectorAll<HTMLAnchorElement>('[data-language-switcher] a').forEach((link) => {
    link.addEventListener('click', () => {
      const lang = asLocale(link.dataset.lang);
      try {
        if (lang) localStorage.setItem('language', lang);
      } catch {
        // Storage may be unavailable (private mode); the link still navigates.
      }
    });
  });
}

/** Total quantity in the stored cart; anything unreadable counts as an empty cart. */
export function countCartItems(raw: string | null): number {
  if (!raw) return 0;
  try {
    const lines: unknown = JSON.parse(raw);
    if (!Array.isArray(lines)) return 0;
    let total = 0;
    for (const line of lines) {
      const q = (line as { quantity?: unknown } | null)?.quantity;
      if (typeof q === 'number' && Number.isInteger(q) && q > 0 && q <= 10) total += q;
    }
    return total;
  } catch {
    return 0;
  }
}

function initCartBadge(header: HTMLElement): void {
  const button = header.querySelector<HTMLAnchorElement>('[data-cart-button]');
  const badge = header.querySelector<HTMLElement>('[data-cart-count]');
  if (!button || !badge) return;
  const render = () => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem('cart');
    } catch {}
    const count = countCartItems(raw);
    badge.textContent = String(count);
    badge.hidden = count === 0;
    button.setAttribute('aria-label', (button.dataset.labelTemplate ?? '').replace('{count}', String(count)));
  };
  render();
  window.addEventListener('storage', (event) => {
    if (event.key === 'cart' || event.key === null) render();
  });
  document.addEventListener('cart:change', render);
}
