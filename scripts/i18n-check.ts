/**
 * `npm run i18n:check`: fails when a message is missing or empty in any language, defined twice,
 * has different {placeholders} across languages, or is used in code but defined nowhere; when a
 * text counts without plural forms; when a component writes readable text as a literal (./i18n-literals.ts); and when an island uses a
 * text its page does not send (./i18n-islands.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { en, sources } from '../src/i18n/dictionaries/index.ts';
import { findUnsentKeys, keysIn } from './i18n-islands.ts';
import { findLiterals } from './i18n-literals.ts';

export type Problem = string;

/** Checks the dictionaries themselves. */
export function checkSources(all: Record<string, { en: object; nl: object; de: object }>): Problem[] {
  const problems: Problem[] = [];
  const owner = new Map<string, string>();
  for (const [name, source] of Object.entries(all)) {
    const base = source.en as Record<string, string>;
    for (const key of Object.keys(base)) {
      const previous = owner.get(key);
      if (previous) problems.push(`"${key}" is defined in both ${previous} and ${name}`);
      owner.set(key, name);
    }
    for (const lang of ['en', 'nl', 'de'] as const) {
      const dict = source[lang] as Record<string, unknown>;
      for (const key of Object.keys(base)) {
        const value = dict[key];
        if (typeof value !== 'string' || value.trim() === '') {
          problems.push(`${name}: "${key}" is missing or empty in ${lang}`);
          continue;
        }
        const want = placeholders(base[key] as string);
        const got = placeholders(value);
        if (want !== got)
          problems.push(`${name}: "${key}" in ${lang} has placeholders {${got}}, en has {${want}}`);
      }
      for (const key of Object.keys(dict)) {
        if (!(key in base)) problems.push(`${name}: "${key}" exists in ${lang} but not in en`);
      }
    }
  }
  return problems;
}

function placeholders(text: string): string {
  return [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
}

/**
 * `{count}` texts that read the same for one and for many, so they need no counted forms
 * (`x.one`/`x.other`), with the reason. Any other text with a `{count}` must have them.
 */
const UNCOUNTED: ReadonlyMap<string, string> = new Map([
  ['community.members.showMore', 'no noun: "Show {count} more"'],
  ['messages.unread', 'an adjective: "{count} unread"'],
  ['messages.newBelow', 'an adjective: "{count} new"'],
  ['messages.counter', 'a counter: "{count} / {max}"'],
  ['taw.counter', 'a counter: "{count} / {max}"'],
  ['profiles.bioCount', 'counts against {max}: "{count} of {max} characters"'],
  ['ta.my.list', 'a number in brackets: "Previews ({count})"'],
  ['ta.social.current', 'a number in brackets: "Current Connections ({count})"'],
  ['tab.createPreview', 'a number in brackets: "Create Preview ({count})"'],
  ['taw.tooManyHashtags', 'a number in brackets: "(now {count})"'],
]);

/** Texts with a {count} but without counted forms ("1 reports", "1 meldingen"). */
export function findUncounted(base: Record<string, string>, allowed = UNCOUNTED): Problem[] {
  return Object.entries(base)
    .filter(([key, text]) => /\{count\}/.test(text) && !/\.(one|other)$/.test(key))
    .filter(([key]) => !allowed.has(key) && !(`${key}.one` in base))
    .map(([key, text]) => `"${key}" ("${text}") counts without the forms ${key}.one / ${key}.other`);
}

/** Keys used in source files that no dictionary defines. */
export function findUndefinedKeys(
  files: Array<{ path: string; text: string }>,
  defined: Set<string>,
): Problem[] {
  const problems: Problem[] = [];
  for (const { path, text } of files) {
    for (const key of keysIn(text)) {
      // A counted key is used by its base: t('x', { count }) picks x.one or x.other (src/i18n/format.ts).
      const counted = defined.has(`${key}.one`) && defined.has(`${key}.other`);
      if (key && !defined.has(key) && !counted)
        problems.push(`${path}: uses "${key}", which no dictionary defines`);
    }
  }
  return problems;
}

// Stryker disable all: the command-line part (walks src/ and prints); `npm test` runs it as its i18n step.
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|astro)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(full);
  }
  return out;
}

if (import.meta.main) {
  const files = sourceFiles('src')
    .filter(
      (p) =>
        !p.startsWith(join('src', 'i18n', 'dictionaries')) && !p.startsWith(join('src', 'i18n', 'messages')),
    )
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const defined = new Set(Object.keys(en));
  const problems = [
    ...checkSources(sources),
    ...findUncounted(en as Record<string, string>),
    ...findUndefinedKeys(files, defined),
    ...findLiterals(files),
    // The feature dictionaries ride along: a page may hand an island one whole (`cartMessages[lang]`).
    ...findUnsentKeys(
      new Map(
        [...files, ...sourceFiles(join('src', 'i18n', 'messages')).map((path) => ({ path, text: '' }))].map(
          (f) => [f.path, f.text || readFileSync(f.path, 'utf8')],
        ),
      ),
      defined,
    ),
  ];
  if (problems.length > 0) {
    console.error(`i18n check failed (${problems.length} problems):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.info(
    `i18n check passed: ${Object.keys(en).length} keys in nl, en and de; ${files.length} files scanned.`,
  );
}
