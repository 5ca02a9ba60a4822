/**
 * The one source of the shop-policy redirects. astro.config.mjs hands them to Astro's `redirects`,
 * which the Netlify adapter writes to dist/_redirects and the node server answers itself, so the
 * deploy and the local run agree. Every redirect is permanent (301).
 *
 * - SPEC section 2 aliases: the unprefixed English and German addresses (/privacy-policy,
 *   /datenschutz, ...) go to the page in their own language (/en/privacy-policy, /de/datenschutz).
 *   The Dutch aliases are the Dutch pages' own addresses.
 * - A policy address with a language prefix but another language's name (/en/datenschutz,
 *   /de/privacy-policy) goes to that prefix's page, so a hand-typed or path-swapped address lands.
 */
import { type Locale, langParam, locales, splitLocale } from '../../i18n/locales.ts';
import { type PolicyKind, policyPaths } from '../../i18n/routes.ts';

export type Redirect = { status: 301; destination: string };

/** The policy's own name in a language, without prefix: 'privacy-policy'. */
function slug(kind: PolicyKind, lang: Locale): string {
  return splitLocale(policyPaths[kind][lang]).path.replace(/^\//, '');
}

/** Non-ASCII addresses (/rückgaberecht) also arrive percent-encoded; HTTP headers need that form. */
function forms(path: string): string[] {
  const encoded = encodeURI(path);
  return encoded === path ? [path] : [path, encoded];
}

/** Every policy redirect: source path -> 301 to the canonical page. */
export function policyRedirects(): Record<string, Redirect> {
  const out: Record<string, Redirect> = {};
  const add = (from: string, to: string) => {
    if (from === to) return;
    // The destination stays as written: Astro percent-encodes the Location header itself.
    for (const source of forms(from)) out[source] = { status: 301, destination: to };
  };
  for (const kind of Object.keys(policyPaths) as PolicyKind[]) {
    for (const lang of locales) {
      const target = policyPaths[kind][lang];
      if (lang !== 'nl') add(`/${slug(kind, lang)}`, target);
      if (lang === 'nl') continue;
      for (const other of locales) {
        if (other !== lang) add(`/${lang}/${slug(kind, other)}`, target);
      }
    }
  }
  return out;
}

/** The static paths of the policy pages: one per kind and language. */
export function policyStaticPaths() {
  return (Object.keys(policyPaths) as PolicyKind[]).flatMap((kind) =>
    locales.map((lang) => {
      const { path } = splitLocale(policyPaths[kind][lang]);
      return {
        params: { lang: langParam(lang), policy: path.slice(1) },
        props: { kind, lang },
      };
    }),
  );
}
