/**
 * Part of `npm run i18n:check`: an island must only use texts its page sends. A signed-in page
 * declares its island and the message prefixes it sends (`groups` of a SignedInPageSpec, see
 * src/lib/signed-in-page.ts); the island's lookup shows a key the page did not send as the raw
 * key. This follows the island's imports and reports every key used that no group covers.
 */
import { dirname, join, normalize } from 'node:path';

type Problem = string;

// A key-shaped string literal passed to a translating call: t(lang, 'a.b'), tr('a.b'), msg('a.b'),
// t('a.b') in islands, or a `key: 'a.b'` / `*Key: 'a.b'` property that is later translated.
const usePattern =
  /\b(?:t|tr|msg|translate|message)\(\s*(?:[A-Za-z_$][\w$.]*\s*,\s*)?['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)['"`]|\b(?:key|\w+Key)\s*:\s*['"]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)['"]/g;

/** The message keys a source text uses, in order, with repeats. */
export function keysIn(text: string): string[] {
  return [...text.matchAll(usePattern)].map((m) => m[1] ?? m[2] ?? '').filter(Boolean);
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
    if (wanted === '*' || names === '*' || [...names].some((n) => wanted.has(n))) add(m[2], names);
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

/**
 * Keys an island uses that its page does not send. `defined` is every dictionary key: a counted
 * base `x` is covered when its forms `x.one`/`x.other` are.
 */
export function findUnsentKeys(files: ReadonlyMap<string, string>, defined: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  for (const { page, component, groups } of islandPages(files)) {
    if (component === '?' || groups.length === 0) {
      problems.push(`${page}: cannot tell its island or the message groups it sends`);
      continue;
    }
    const sent = (key: string) =>
      groups.some((g) => key.startsWith(g)) ||
      (defined.has(`${key}.one`) && groups.some((g) => `${key}.one`.startsWith(g)));
    const reported = new Set<string>();
    for (const file of reachable(component, files)) {
      for (const key of keysIn(files.get(file) ?? '')) {
        if (sent(key) || reported.has(key)) continue;
        reported.add(key);
        problems.push(`${page}: its island uses "${key}" (${file}), which the page does not send`);
      }
    }
  }
  return problems;
}
