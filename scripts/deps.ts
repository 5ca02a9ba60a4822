/**
 * `npm run deps`: the import rules of docs/architecture.md, checked with dependency-cruiser
 * (.dependency-cruiser.cjs holds the rules and their few exceptions).
 *
 * dependency-cruiser cannot read .astro files, so this copies src/ to a temporary folder where each
 * `X.astro` becomes `X.astro.ts` holding its frontmatter and <script> code (the parts that import):
 * an import of `./X.astro` resolves to it (`<script src>` counts as an import), and the rules see
 * every page, layout and view. On top of
 * the file rules it checks that features form a DAG: no two features tie to each other, directly or
 * around a cycle of features (a folder-level cycle that no single file cycle shows).
 * Exits 1 on any violation.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { cruise, format, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = resolve(import.meta.dirname, '..');
const code = /\.(ts|tsx|mts|js|mjs)$/;

/** The code of an .astro file that can import: its frontmatter and its bundled <script> tags. */
export function astroImportCode(source: string): string {
  const parts: string[] = [];
  const front = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (front?.[1]) parts.push(front[1]);
  const template = front ? source.slice(front[0].length) : source;
  for (const match of template.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    if (/\bis:inline\b|type="(application\/ld\+json|application\/json)"/.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    parts.push(src ? `import '${src}';` : (match[2] ?? ''));
  }
  return parts.join('\n');
}

/** The features and the features each imports, from a cruise result. */
export function featureGraph(result: ICruiseResult): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const name = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1];
  for (const module of result.modules) {
    const from = name(module.source);
    if (!from || /\.test\.tsx?$/.test(module.source)) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const dependency of module.dependencies) {
      const to = name(dependency.resolved);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle of features (strongly connected groups of two or more), each sorted by name. */
export function featureCycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, order.get(next) ?? 0));
      }
    }
    if (low.get(node) === order.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) group.push(member);
      } while (member && member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  return cycles;
}

/** Copies src/ to `into`, with each .astro file as an .astro.ts file of its importing code. */
function shadow(from: string, into: string): void {
  mkdirSync(into, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) shadow(source, join(into, entry.name));
    else if (entry.name.endsWith('.astro'))
      writeFileSync(join(into, `${entry.name}.ts`), astroImportCode(readFileSync(source, 'utf8')));
    else if (code.test(entry.name)) copyFileSync(source, join(into, entry.name));
    else symlinkSync(source, join(into, entry.name));
  }
}

async function main(): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'deps-'));
  try {
    shadow(join(root, 'src'), join(work, 'src'));
    for (const name of ['tsconfig.json', 'node_modules', 'supabase', 'scripts', 'package.json'])
      symlinkSync(join(root, name), join(work, name));
    process.chdir(work);
    const require = createRequire(import.meta.url);
    const config = require(join(root, '.dependency-cruiser.cjs'));
    const { options } = config;
    const result = await cruise(
      ['src'],
      {
        ...options,
        preserveSymlinks: true,
        validate: true,
        ruleSet: { forbidden: config.forbidden },
        outputType: 'json',
      },
      {},
      { tsConfig: extractTSConfig(join(work, 'tsconfig.json')) },
    );
    const cruised = (
      typeof result.output === 'string' ? JSON.parse(result.output) : result.output
    ) as ICruiseResult;
    const report = await format(cruised, { outputType: 'err' });
    const text = String(report.output).replaceAll('.astro.ts', '.astro');
    const cycles = featureCycles(featureGraph(cruised));
    for (const cycle of cycles)
      console.error(`  error feature-dag: features tie to each other: ${cycle.join(' <-> ')}`);
    const failed = cruised.summary.error > 0 || cycles.length > 0;
    const summary = text.trim() || `no import rule broken (${cruised.summary.totalCruised} modules)`;
    if (failed) console.error(summary);
    else console.info(summary);
    return failed ? 1 : 0;
  } finally {
    process.chdir(root);
    rmSync(work, { recursive: true, force: true });
  }
}

if (relative(process.argv[1] ?? '', import.meta.filename) === '') process.exit(await main());
