import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locales } from '~/i18n/locales.ts';
import { newsletterCardMessages } from './messages.ts';

// Every literal key the card's behaviour shows (m('…')), read from its source.
const source = readFileSync(new URL('./newsletter-card.ts', import.meta.url), 'utf8');
const used = [...source.matchAll(/\bm\('([\w.]+)'/g)].map((match) => match[1] as string);

describe('newsletter card messages (fetched on first interaction)', () => {
  it('finds the keys the card uses', () => {
    expect(used).toContain('newsletter.form.required');
    expect(used.length).toBeGreaterThan(8);
  });

  for (const lang of locales) {
    it(`holds every key the card shows, in ${lang}`, () => {
      const messages = newsletterCardMessages(lang);
      for (const key of used) expect((messages as Record<string, string>)[key], key).toBeTruthy();
      expect(messages['error.network_error']).toBeTruthy();
    });
  }

  it('speaks the language asked for', () => {
    expect(newsletterCardMessages('de')['newsletter.form.required']).not.toBe(
      newsletterCardMessages('en')['newsletter.form.required'],
    );
  });
});
