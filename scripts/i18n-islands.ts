/**
 * Part of `npm run i18n:check`: an island must only use texts its page sends; its lookup shows a
 * key the page did not send as the raw key. Two kinds of island are checked:
 * - a signed-in page declares its island and the message prefixes it sends (`groups` of a
 *   SignedInPageSpec, see src/lib/signed-in-page.ts);
 * - every other .astro file with a `<script>` (an island that picks its own texts: /auth, the shop
 *   listing, the cart, the header's shell script...) sends what it and the .astro components it
 *   renders hand over: `messagesWithPrefix(lang, 'p.')`, a whole feature dictionary
 *   (`cartMessages[lang]`) or a `/texts/{group}.json` (`clientTextsUrl('group', lang)`).
 * Both follow the island's imports and report every key used that nothing sent covers.
 */
import { dirname, join, normalize } from 'node:path';

type Problem = string;

// A key-shaped string literal passed to a translating call: t(lang, 'a.b'), tr('a.b'), msg('a.b'),
// t('a.b') / m('a.b') in islands, a `key: 'a.b'` / `*Key: 'a.b'` property that is later translated, or a
// dictionary read by index (`m['cart.remove']`, the cart's texts).
const usePattern =
  /\b(?:t|tr|m|msg|translate|message)\(\s*(?:[A-Za-z_$][\w$.]*\s*,\s*)?['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)['"`]|\b(?:key|\w+Key)\s*:\s*['"]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)['"]|\b(?:m|texts|messages)\[\s*['"]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)['"]\s*\]/g;

/** The message keys a source text uses, in order, with repeats. */
export function keysIn(text: string): string[] {
  const keys = [...text.matchAll(usePattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? '').filter(Boolean);
  // errorText(t, error) (src/lib/supabase/errors.ts) and showFailure(title, t, error)
  // (src/components/toast.ts) read the `error.` texts; their definitions do not count.
  if (/(?<!function\s|\.)\b(?:errorText|showFailure)\(\s*[A-Za-z_$'"`]/.test(text))
    keys.push('error.unknown');
  return keys;
}

/** Resolves an import specifier of `from` (relative or `~/`) to a path of `files`, if it is one. */
function resolve(from: string, spec: string, files: ReadonlyMap<string, string>): string | undefined {
  const base = spec.startsWith('~/')
    ? join('src', spec.slice(2))
    : spec.startsWith('.')
      ? join(dirname(from), spec)
      : undefined;
  if (!base) return undefined;
  const path = normalize(base);
  return [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')].find((p) => files.has(p));
}

type Edge = { path: string; names: Set<string> | '*' };

const namesOf = (clause: string): Set<string> | '*' => {
  const braces = /\{([^}]*)\}/.exec(clause);
  if (!braces) return '*';
  return new Set(
    (braces[1] ?? '')
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter(Boolean),
  );
};

/** The names an `export { a as b }` clause gives its importers (b). */
const exportedNamesOf = (clause: string): string[] =>
  (/\{([^}]*)\}/.exec(clause)?.[1] ?? '')
    .split(',')
    .map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .at(-1) ?? '',
    )
    .filter(Boolean);

/**
 * Value imports of a file (type-only imports carry no texts). A re-export (`export { A } from`)
 * is followed only when the importer asked for A (`wanted`), as a bundler would keep it.
 */
function importsOf(
  path: string,
  text: string,
  files: ReadonlyMap<string, string>,
  wanted: Set<string> | '*',
): Edge[] {
  const edges: Edge[] = [];
  const add = (spec: string | undefined, names: Set<string> | '*') => {
    const hit = spec ? resolve(path, spec, files) : undefined;
    if (hit) edges.push({ path: hit, names });
  };
  for (const m of text.matchAll(/^\s*import\s+(?!type\b)([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    const clause = m[1] ?? '';
    // `import X from` and `import * as X from` take the module's default or everything.
    add(m[2], /^\{/.test(clause.trim()) ? namesOf(clause) : '*');
  }
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) add(m[1], '*');
  for (const m of text.matchAll(/^\s*export\s+(?!type\b)([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    const names = namesOf(m[1] ?? '');
    // `export { default as Card } from`: asked for as Card, taken from the module as default.
    const exported = names === '*' ? '*' : new Set(exportedNamesOf(m[1] ?? ''));
    if (wanted === '*' || exported === '*' || [...exported].some((n) => wanted.has(n))) add(m[2], names);
  }
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) add(m[1], '*');
  return edges;
}

/** Every file the entry reaches through value imports, the entry included. */
export function reachable(entry: string, files: ReadonlyMap<string, string>): string[] {
  const wantedBy = new Map<string, Set<string> | '*'>([[entry, '*']]);
  const queue = [entry];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    for (const edge of importsOf(path, files.get(path) ?? '', files, wantedBy.get(path) ?? '*')) {
      const before = wantedBy.get(edge.path);
      if (before === '*') continue;
      const merged = edge.names === '*' ? '*' : new Set([...(before ?? []), ...edge.names]);
      if (before && merged !== '*' && merged.size === before.size) continue;
      wantedBy.set(edge.path, merged);
      queue.push(edge.path);
    }
  }
  return [...wantedBy.keys()];
}

const strings = (list: string) => [...list.matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1] as string);

/** The page specs in `files`: the island's component file and the prefixes the page sends. */
export function islandPages(
  files: ReadonlyMap<string, string>,
): Array<{ page: string; component: string; groups: string[] }> {
  const pages: Array<{ page: string; component: string; groups: string[] }> = [];
  for (const [path, text] of files) {
    if (!/:\s*SignedInPageSpec\s*=\s*\{/.test(text)) continue;
    const name = /\bcomponent:\s*(\w+)/.exec(text)?.[1];
    const importOf = (id: string, source: string) =>
      new RegExp(`import\\s+(?:${id}|\\{[^}]*\\b${id}\\b[^}]*\\})\\s+from\\s+['"]([^'"]+)['"]`).exec(
        source,
      )?.[1];
    const componentSpec = name ? importOf(name, text) : undefined;
    const component = componentSpec ? resolve(path, componentSpec, files) : undefined;
    let groups: string[] | undefined;
    const literal = /\bgroups:\s*\[([^\]]*)\]/.exec(text);
    if (literal) groups = strings(literal[1] ?? '');
    else {
      const id = /\bgroups:\s*(\w+)/.exec(text)?.[1];
      const from = id ? importOf(id, text) : undefined;
      const module = from ? resolve(path, from, files) : undefined;
      const list =
        module && id
          ? new RegExp(`const\\s+${id}\\s*=\\s*\\[([^\\]]*)\\]`).exec(files.get(module) ?? '')
          : null;
      if (list) groups = strings(list[1] ?? '');
    }
    if (!component || !groups) {
      pages.push({ page: path, component: component ?? '?', groups: groups ?? [] });
      continue;
    }
    pages.push({ page: path, component, groups });
  }
  return pages;
}

/** Marks a prefix served as `/texts/{group}.json`: only an island that fetches texts gets it. */
const FETCHED = 'fetched:';

/** The `<script>` blocks of an .astro file that run in the browser (not JSON data, not is:inline). */
const scriptsOf = (text: string): string[] =>
  [...text.matchAll(/<script\b([^>]*?)(?<!\/)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type=["']application\/(ld\+)?json["']|is:inline|set:html/.test(m[1] ?? ''))
    .map((m) => m[2] ?? '');

const frontmatterOf = (text: string): string => /^\s*---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';

/** The body of a function or const declared as `name` in `text` (up to the next top-level `}`). */
const bodyOf = (name: string, text: string): string | undefined => {
  const at = new RegExp(`(?:function\\s+${name}\\b|const\\s+${name}\\s*=)`).exec(text);
  if (!at) return undefined;
  const end = text.indexOf('\n}', at.index);
  return text.slice(at.index, end < 0 ? undefined : end);
};

const literalPrefixes = (text: string) =>
  [...text.matchAll(/messagesWithPrefix\(\s*\w+\s*,\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] as string);

/** The prefixes a `/texts/{group}.json` serves, from the map of groups to their message functions. */
function clientTextGroups(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const text of files.values()) {
    const map = /:\s*Record<ClientTextGroup\b[^\n]*=\s*\{([^}]*)\}/.exec(text);
    if (!map) continue;
    for (const [, group = '', fn = ''] of (map[1] ?? '').matchAll(/(\w+)\s*:\s*(\w+)/g)) {
      for (const other of files.values()) {
        const body = bodyOf(fn, other);
        if (!body) continue;
        // By prefix, or a list of keys (`predictiveTextKeys.map((key) => [key, tr(key)])`).
        const listed = [...body.matchAll(/\b(\w+)\.map\(/g)].flatMap(([, id = '']) =>
          [...files.values()].flatMap((f) => {
            const list = new RegExp(`const\\s+${id}\\s*=\\s*\\[([^\\]]*)\\]`).exec(f);
            return list ? strings(list[1] ?? '') : [];
          }),
        );
        out.set(group, [...(out.get(group) ?? []), ...literalPrefixes(body), ...listed]);
      }
    }
  }
  return out;
}

/** What one .astro file hands its islands itself; null when it sends texts by a prefix it computes. */
function sentBy(
  path: string,
  text: string,
  files: ReadonlyMap<string, string>,
  groups: ReadonlyMap<string, string[]>,
): string[] | null {
  const front = frontmatterOf(text);
  const sent = literalPrefixes(front);
  // A prefix held in a constant of the file (`const TYPE_PREFIX = 'listing.productType.'`).
  for (const [, id = ''] of front.matchAll(/messagesWithPrefix\(\s*\w+\s*,\s*([A-Za-z_$][\w$]*)\s*\)/g)) {
    const value = new RegExp(`const\\s+${id}\\s*=\\s*['"]([^'"]+)['"]`).exec(front)?.[1];
    if (value === undefined) return null;
    sent.push(value);
  }
  if (/messagesWithPrefix\(\s*\w+\s*,\s*[^'"\sA-Za-z_$]/.test(front)) return null;
  // A `/texts/{group}.json` reaches only scripts that fetch it (marked, to tell them apart).
  for (const [, group = ''] of text.matchAll(/clientTextsUrl\(\s*['"](\w+)['"]/g))
    sent.push(...(groups.get(group) ?? [`(unknown texts group ${group})`]).map((p) => `${FETCHED}${p}`));
  // A whole feature dictionary (`cartMessages[lang]`): every key of its messages file.
  for (const [, id = ''] of front.matchAll(/\b(\w+Messages)\[\s*\w+\s*\]/g)) {
    const spec = new RegExp(`import\\s+\\{[^}]*\\b${id}\\b[^}]*\\}\\s+from\\s+['"]([^'"]+)['"]`).exec(
      front,
    )?.[1];
    const module = spec ? resolve(path, spec, files) : undefined;
    sent.push(...dictionaryKeys(module ? (files.get(module) ?? '') : ''));
  }
  return sent;
}

/** The keys of a feature's messages file (`defineMessages({ en: { 'a.b': ... }, ... })`). */
function dictionaryKeys(source: string): string[] {
  if (!/\bdefineMessages\(/.test(source)) return [];
  const en = /\ben:\s*\{([\s\S]*?)\n\s{2}\}/.exec(source)?.[1] ?? '';
  return [...en.matchAll(/^\s*['"]([^'"]+)['"]\s*:/gm)].map((m) => m[1] as string);
}

/**
 * The islands .astro files start with their own `<script>`: each file with a script, its
 * scripts as the entry, and the prefixes it and every .astro component it renders send.
 * Files that render a signed-in page spec are left to `islandPages`.
 */
function astroIslands(
  files: ReadonlyMap<string, string>,
): Array<{ page: string; component: string; groups: string[] | null; files: ReadonlyMap<string, string> }> {
  const groups = clientTextGroups(files);
  const out: Array<{
    page: string;
    component: string;
    groups: string[] | null;
    files: ReadonlyMap<string, string>;
  }> = [];
  for (const [path, text] of files) {
    if (!path.endsWith('.astro')) continue;
    const scripts = scriptsOf(text);
    if (scripts.length === 0) continue;
    // The .astro components it renders: what its frontmatter reaches.
    const front = `${path}#frontmatter`;
    const withFront = new Map(files).set(front, frontmatterOf(text));
    const rendered = [path, ...reachable(front, withFront).filter((p) => p.endsWith('.astro'))];
    if (rendered.some((p) => /\bSignedInPageSpec\b/.test(frontmatterOf(files.get(p) ?? '')))) continue;
    let sent: string[] | null = [];
    for (const component of new Set(rendered)) {
      const own = sentBy(component, files.get(component) ?? '', files, groups);
      sent = own && sent ? [...sent, ...own] : null;
    }
    const entry = `${path}#script`;
    out.push({
      page: path,
      component: entry,
      groups: sent,
      files: new Map(files).set(entry, scripts.join('\n')),
    });
  }
  return out;
}

/**
 * Keys an island uses that its page does not send. `defined` is every dictionary key: a counted
 * base `x` is covered when its forms `x.one`/`x.other` are.
 */
export function findUnsentKeys(files: ReadonlyMap<string, string>, defined: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const islands = [
    ...islandPages(files).map((p) => ({
      ...p,
      groups: p.component === '?' || p.groups.length === 0 ? null : p.groups,
      files,
    })),
    ...astroIslands(files),
  ];
  for (const { page, component, groups, files: graph } of islands) {
    if (!groups) {
      problems.push(`${page}: cannot tell its island or the message groups it sends`);
      continue;
    }
    const reach = reachable(component, graph);
    // A feature dictionary the island imports travels in its bundle: all its keys are there.
    const bundled = reach.flatMap((file) => dictionaryKeys(graph.get(file) ?? ''));
    const fetches = reach.some(
      (file) =>
        /\bfetchClientTexts\s*[<(]/.test(graph.get(file) ?? '') &&
        !/function fetchClientTexts/.test(graph.get(file) ?? ''),
    );
    const own = groups.flatMap((g) =>
      !g.startsWith(FETCHED) ? [g] : fetches ? [g.slice(FETCHED.length)] : [],
    );
    const all = [...own, ...bundled];
    const sent = (key: string) =>
      all.some((g) => key.startsWith(g)) ||
      (defined.has(`${key}.one`) && all.some((g) => `${key}.one`.startsWith(g)));
    const reported = new Set<string>();
    for (const file of reach) {
      for (const key of keysIn(graph.get(file) ?? '')) {
        if (sent(key) || reported.has(key)) continue;
        reported.add(key);
        problems.push(`${page}: its island uses "${key}" (${file}), which the page does not send`);
      }
    }
  }
  return problems;
}
