import { fetchClientTexts } from '~/i18n/client-texts.ts';
import { asLocale, defaultLocale } from '~/i18n/locales.ts';
import type { PredictiveKey } from './field-texts.ts';

/**
 * The header's search field, eager part (a few hundred bytes): the phone-width toggle, and the
 * predictive script loaded on the first focus or keystroke. Without JavaScript the field is a
 * plain GET form to the results page.
 */
export function initSearchField(): void {
  const root = document.querySelector<HTMLElement>('[data-site-search]');
  const input = root?.querySelector<HTMLInputElement>('[data-search-input]');
  if (!root || !input || root.dataset.ready) return;
  root.dataset.ready = '1';
  const toggle = root.querySelector<HTMLButtonElement>('[data-search-toggle]');

  const setOpen = (open: boolean) => {
    root.toggleAttribute('data-open', open);
    if (!toggle) return;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? '');
  };
  toggle?.addEventListener('click', () => {
    const open = !root.hasAttribute('data-open');
    setOpen(open);
    if (open) input.focus();
  });
  root.addEventListener('keydown', (event) => {
    // Escape with no suggestions showing closes the phone-width bar and returns to its button.
    if (event.key !== 'Escape' || event.defaultPrevented || !root.hasAttribute('data-open')) return;
    setOpen(false);
    toggle?.focus();
  });

  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    // The suggestions and their texts (/texts/search.json) arrive together; without the texts
    // the field stays the plain form to the results page.
    void Promise.all([
      import('./predictive.ts'),
      fetchClientTexts<PredictiveKey>(root.dataset.textsUrl, asLocale(root.dataset.lang) ?? defaultLocale),
    ]).then(([{ initPredictive }, texts]) => {
      if (texts) initPredictive(root, input, texts);
    });
  };
  input.addEventListener('focus', load, { once: true });
  input.addEventListener('input', load, { once: true });
  if (document.activeElement === input) load();
}
