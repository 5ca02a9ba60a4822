import type { Plugin } from 'vite';

/*
 * formatNumber (src/i18n/format.ts) writes a number with Number#toLocaleString, which makes a new
 * Intl.NumberFormat on every call (~50 us at low load: seconds of a 2,000-product build, a few
 * numbers on each of its 12,600 pages). ECMA-402 defines toLocaleString(locales, options) as
 * new Intl.NumberFormat(locales, options).format(value), so one formatter per language writes
 * the same text. On the server (prerendering, on-demand pages) this plugin has the module keep
 * one per language; the browser's copy stays as written, so the client bundle, and with it every
 * script's name and hash in the pages, is the same as without it. If format.ts no longer has the
 * call, the build fails rather than silently lose the cache.
 */

const FORMAT_MODULE = /[\\/]src[\\/]i18n[\\/]format\.ts$/;
export const NUMBER_CALL = "value.toLocaleString(lang, { useGrouping: 'min2' })";

const CACHED = `
const serverNumberFormats = new Map<string, Intl.NumberFormat>();
function serverNumberFormat(lang: string): Intl.NumberFormat {
  let found = serverNumberFormats.get(lang);
  if (!found) {
    found = new Intl.NumberFormat(lang, { useGrouping: 'min2' });
    serverNumberFormats.set(lang, found);
  }
  return found;
}
`;

/** format.ts's source with one number formatter per language (see above). */
export function withServerNumberFormat(source: string): string {
  if (!source.includes(NUMBER_CALL)) {
    throw new Error(
      `server-number-format: src/i18n/format.ts no longer calls ${NUMBER_CALL}; update src/lib/build/server-number-format.ts`,
    );
  }
  return `${source.replace(NUMBER_CALL, 'serverNumberFormat(lang).format(value)')}${CACHED}`;
}

/** The Vite plugin: every environment but the browser's. */
export function serverNumberFormat(): Plugin {
  return {
    name: 'server-number-format',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      if (!FORMAT_MODULE.test(id.split('?')[0] ?? '')) return null;
      return { code: withServerNumberFormat(code), map: null };
    },
  };
}
