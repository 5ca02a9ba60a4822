import { readStoredSession } from '~/features/auth/index.ts';
import { fetchClientTexts } from '~/i18n/client-texts.ts';
import { asLocale, defaultLocale } from '~/i18n/locales.ts';
import type { NewsletterCardKey } from './messages.ts';

/**
 * The only eager part of the newsletter cards: wire each card so its behaviour
 * (newsletter-card.ts) loads on first interaction, or at once for signed-in visitors (who see
 * their own card).
 */
export function initNewsletterCards(): void {
  const load = (card: HTMLElement) => {
    if (card.dataset.loaded) return;
    card.dataset.loaded = 'true';
    // The behaviour and the card's texts (/texts/newsletter.json) arrive together; without the
    // texts (offline) the card stays unwired and the next interaction tries again.
    void Promise.all([
      import('./newsletter-card.ts'),
      fetchClientTexts<NewsletterCardKey>(
        card.dataset.textsUrl,
        asLocale(card.dataset.lang) ?? defaultLocale,
      ),
    ]).then(([m, texts]) => {
      if (texts) m.initNewsletterCard(card, texts);
      else delete card.dataset.loaded;
    });
  };
  const signedIn = readStoredSession() !== null;
  for (const card of document.querySelectorAll<HTMLElement>('newsletter-card')) {
    // Enter pressed before the behaviour arrived: never let the browser submit the form itself
    // (it would put the address into a GET URL); load it, the visitor presses again.
    card.addEventListener('submit', (event) => {
      if (card.dataset.ready) return;
      event.preventDefault();
      load(card);
    });
    if (signedIn) {
      load(card);
      continue;
    }
    for (const type of ['focusin', 'pointerdown', 'pointerenter', 'touchstart', 'input']) {
      card.addEventListener(type, () => load(card), { once: true, passive: true });
    }
  }
  document.addEventListener('newsletter:load', (e) => load(e.target as HTMLElement));
}
