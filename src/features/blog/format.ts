import type { Locale } from '~/i18n/locales.ts';
import { formatDate } from '~/i18n/t.ts';

/** An article's publication date as readers of a language write it (nl-NL, en-US, de-DE). */
export function articleDate(lang: Locale, iso: string): string {
  return formatDate(lang, iso, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Amsterdam',
  });
}

/** The author's display name, or null when the store gives none. */
export function authorName(
  author: { firstName: string | null; lastName: string | null; name: string } | null,
) {
  if (!author) return null;
  const joined = [author.firstName, author.lastName].filter(Boolean).join(' ').trim();
  return joined || author.name?.trim() || null;
}
