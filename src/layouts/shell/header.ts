import { initImageFallbacks } from '~/components/image-fallback.ts';
import { initCartBadge, initCartButton } from '~/features/cart/shell.ts';
import { asLocale } from '~/i18n/locales.ts';

/** Wires the header without a framework: mobile menu, language choice, cart badge; image fallbacks. */
export function initHeader(): void {
  initImageFallbacks();
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  initMenu(header);
  initLanguageChoice(header);
  initCart(header);
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

function initCart(header: HTMLElement): void {
  const button = header.querySelector<HTMLAnchorElement>('[data-cart-button]');
  const badge = header.querySelector<HTMLElement>('[data-cart-count]');
  if (!button || !badge) return;
  initCartBadge(button, badge);
  initCartButton(button);
}
