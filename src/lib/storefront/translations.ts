import type { Locale } from '../../i18n/locales.ts';

/*
 * Translation metafields of the store (SPEC.md section 3: products carry optional translation
 * metafields for title and description). The seed's store keeps them as
 * `translations.title_<lang>` and `translations.description_<lang>` (description as HTML).
 * Preference for a text in a language: the metafield, then Shopify's own translation (what the
 * field answers under @inContext(language:)), then the original (the same field when the store
 * has no translation).
 */
export const TRANSLATION_NAMESPACE = 'translations';

/** The metafield keys for a language. */
export const translationKeys = (lang: Locale) => ({
  title: `title_${lang}`,
  description: `description_${lang}`,
});

/** Every translation metafield identifier, for `metafields(identifiers:)`. */
const TRANSLATION_IDENTIFIERS = (['nl', 'en', 'de'] as const).flatMap((lang) =>
  Object.values(translationKeys(lang)).map((key) => ({ namespace: TRANSLATION_NAMESPACE, key })),
);

/** The `metafields(identifiers:)` selection that goes into product and collection fragments. */
export const TRANSLATIONS_SELECTION = /* GraphQL */ `
    translations: metafields(identifiers: [${TRANSLATION_IDENTIFIERS.map(
      (i) => `{ namespace: "${i.namespace}", key: "${i.key}" }`,
    ).join(', ')}]) {
      key
      value
    }`;

export type RawTranslations = { translations?: ({ key: string; value: string } | null)[] | null };

/** Plain text of translated HTML, as Shopify's `description` gives it. */
function plainText(html: string): string {
  return html
    .replace(/<\/p>\s*<p>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Applies translation metafields for `lang` to a raw product or collection: `title`, and
 * `descriptionHtml`/`description` when the object has them. Without a metafield the fields keep
 * what the store answered (its own translation, else the original). Removes `translations`.
 */
export function applyTranslations<T extends RawTranslations>(
  raw: T,
  lang: Locale | undefined,
): Omit<T, 'translations'> {
  const { translations, ...rest } = raw;
  if (!lang || !translations) return rest;
  const keys = translationKeys(lang);
  const value = (key: string) => translations.find((m) => m?.key === key)?.value?.trim() || undefined;
  const out = { ...rest } as Record<string, unknown>;
  const title = value(keys.title);
  if (title && 'title' in out) out.title = title;
  const description = value(keys.description);
  if (description) {
    const html = /<[a-z][\s\S]*>/i.test(description) ? description : `<p>${description}</p>`;
    if ('descriptionHtml' in out) out.descriptionHtml = html;
    if ('description' in out) out.description = plainText(html);
  }
  return out as Omit<T, 'translations'>;
}
