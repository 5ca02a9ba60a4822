/*
 * The header's cart badge. It runs on every page, so it reads localStorage directly instead of
 * loading the cart store and its validator (about 6 KB): it counts only well-formed lines, and
 * the store rewrites an invalid stored cart as soon as any page that uses it loads.
 */

import { format } from '~/i18n/format.ts';
import { documentLocale } from '~/i18n/locales.ts';
import { pluralForm } from '~/i18n/plural-form.ts';

/** Total quantity in a stored cart string; anything unreadable counts as an empty cart. */
export function countCartItems(raw: string | null): number {
  if (!raw) return 0;
  try {
    const lines: unknown = JSON.parse(raw);
    if (!Array.isArray(lines) || lines.length > 50) return 0;
    let total = 0;
    for (const line of lines) {
      const l = line as { quantity?: unknown; variantId?: unknown; price?: unknown } | null;
      const q = l?.quantity;
      if (typeof l?.variantId !== 'string' || typeof l.price !== 'number') return 0;
      if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > 10) return 0;
      total += q;
    }
    return total;
  } catch {
    return 0;
  }
}

// Stryker disable all: DOM wiring that runs only in a browser; the end-to-end tests drive it.
/** Keeps the badge and the button's label in step with the stored cart, in this tab and others. */
export function initCartBadge(button: HTMLElement, badge: HTMLElement): void {
  const render = () => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem('cart');
    } catch {}
    const count = countCartItems(raw);
    badge.textContent = String(count);
    badge.hidden = count === 0;
    const lang = documentLocale();
    const form = pluralForm(lang, count);
    const template = (form === 'one' ? button.dataset.labelOne : button.dataset.labelOther) ?? '';
    button.setAttribute('aria-label', format(template, { count }, lang));
  };
  render();
  window.addEventListener('storage', (event) => {
    if (event.key === 'cart' || event.key === null) render();
  });
  document.addEventListener('cart:change', render);
}

/** Opens the cart drawer on click (loading it the first time); the link stays the no-JS fallback. */
export function initCartButton(button: HTMLAnchorElement): void {
  button.setAttribute('aria-haspopup', 'dialog');
  button.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    button.setAttribute('aria-busy', 'true');
    import('./open-drawer.ts')
      .then((m) => m.openCartDrawer(button))
      .catch(() => {
        // The drawer could not load (offline, say): fall back to the cart page.
        window.location.href = button.href;
      })
      .finally(() => button.removeAttribute('aria-busy'));
  });
}
