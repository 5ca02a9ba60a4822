/*
 * A module script's static imports are found only when the script arrives, theirs only when they
 * arrive: without help the browser fetches a page's chunks one level after another (the signed-in
 * pages' biggest wait before first content, issue 26). The build knows the whole static graph, so
 * each page names every chunk its module scripts import statically, up front: the browser
 * fetches them all at once. Chunks reached only by `import()` stay out (they load on demand).
 */

import { SESSION_GATE_ATTRIBUTE } from '../after-first-content.ts';

/** The browser bundle's static imports: a chunk's URL path -> the URL paths it imports statically. */
export type ChunkGraph = Readonly<Record<string, readonly string[]>>;

/** What this needs of a bundle's files (rolldown's OutputChunk and OutputAsset). */
type BundleFile =
  | { type: 'chunk'; fileName: string; imports: readonly string[]; moduleIds?: readonly string[] }
  | { type: 'asset' };

/**
 * The graph's one key that is not a chunk: the chunks of the page's data client (the modules
 * below), which the gate of a signed-in page imports with `import()` the moment its code runs
 * (useGate.ts, getSupabase). A gated page preloads them with its static imports: otherwise the
 * browser asks for them only once React has been fetched and evaluated, one round trip more before
 * the first real content (issue 26). A visitor without a session fetches none of them.
 */
export const DATA_CLIENT = '#data-client';
const DATA_CLIENT_MODULES = /\/src\/lib\/supabase\/(?:client|compose)\.ts$/;

/**
 * The static graph of a client bundle, as rolldown hands it to `generateBundle` (`imports` are
 * static imports only; `import()` targets are `dynamicImports`), with URL paths under `base`.
 */
export function chunkGraph(bundle: Record<string, BundleFile>, base = '/'): Record<string, string[]> {
  const graph: Record<string, string[]> = {};
  const dataClient: string[] = [];
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk') continue;
    graph[base + file.fileName] = file.imports.map((name) => base + name);
    if (file.moduleIds?.some((id) => DATA_CLIENT_MODULES.test(id))) dataClient.push(base + file.fileName);
  }
  if (dataClient.length) graph[DATA_CLIENT] = dataClient.sort();
  return graph;
}

/**
 * Every chunk the `entries` import statically, directly or through each other, nearest first
 * (the order the browser would find them in), without the entries themselves. An entry the graph
 * does not know (an inline module, another site's script) adds nothing.
 */
export function staticImports(graph: ChunkGraph, entries: readonly string[]): string[] {
  const seen = new Set(entries);
  const found: string[] = [];
  const queue = [...entries];
  while (queue.length) {
    for (const next of graph[queue.shift() as string] ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      found.push(next);
      queue.push(next);
    }
  }
  return found;
}

/**
 * Adds `<link rel="modulepreload">` for each URL in the data attribute, in order. An inline script
 * rather than the links themselves: on a gated page a visitor without a session is being sent to
 * sign in by SessionGate (which marks `<html data-gate="out">`), and must fetch none of the page's
 * code (gate.spec.ts); the browser's preload scanner would fetch links in the HTML regardless. Its
 * text is the same on every page, so one hash in the Content-Security-Policy covers it. One
 * `insertAdjacentHTML` for all links: appending them one by one cost a phone (4x slower CPU) ~120 ms
 * for a Timeline Alchemy page's 24 chunks, the one string ~65 ms (`npm run bench:trace`). The
 * paths are the build's own chunk names (no quotes or markup in them).
 */
export const PRELOAD_SCRIPT =
  "(d=>{if(d.documentElement.dataset.gate!='out')d.head.insertAdjacentHTML('beforeend',JSON.parse(d.currentScript.dataset.preloadModules).map(h=>'<link rel=modulepreload href=\"'+h+'\">').join(''))})(document)";

/** A JSON list of URL paths as a single-quoted attribute value. */
export function attributeList(paths: readonly string[]): string {
  return JSON.stringify(paths).replaceAll('&', '&amp;').replaceAll("'", '&#39;');
}

/** The inline script that preloads `paths`, or nothing when there are none. */
export function preloadScript(paths: readonly string[]): string {
  return paths.length
    ? `<script data-preload-modules='${attributeList(paths)}'>${PRELOAD_SCRIPT}</script>`
    : '';
}

/** A gated page: its first script is the session gate (src/features/auth/SessionGate.astro). */
const GATED = new RegExp(`<script\\b[^>]*\\b${SESSION_GATE_ATTRIBUTE}\\b`);

const MODULE_SCRIPT_SRC =
  /<script\b(?=[^>]*\btype=["']?module\b)[^>]*\bsrc=(?:"([^"]+)"|'([^']+)'|([^\s>]+))[^>]*><\/script>/g;

/**
 * The page with one preload script in its <head> (`preloadPlace`) for what its module scripts import
 * statically (Astro inlines only scripts that import nothing, so inline modules add none), and on a
 * gated page the data client's chunks after them (`DATA_CLIENT`). For
 * pages whose scripts run as the HTML names them: React apps, and the on-demand pages
 * (src/middleware.ts, with the graph the build embedded: chunk-graph.ts).
 */
export function withPreloads(html: string, graph: ChunkGraph | undefined): string {
  if (!graph) return html;
  const entries = [...html.matchAll(MODULE_SCRIPT_SRC)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
  const preloads = staticImports(graph, entries);
  if (entries.length && GATED.test(html)) {
    const have = new Set([...entries, ...preloads]);
    const client = graph[DATA_CLIENT] ?? [];
    for (const chunk of [...client, ...staticImports(graph, client)]) {
      if (!have.has(chunk)) preloads.push(chunk);
      have.add(chunk);
    }
  }
  const script = preloadScript(preloads);
  const at = preloadPlace(html);
  return script && at >= 0 ? html.slice(0, at) + script + html.slice(at) : html;
}

const BLOCKING_SHEET = /<link\b(?=[^>]*\brel=["']?stylesheet\b)(?![^>]*\bmedia=)[^>]*>/g;

/**
 * After the head's last script (the gate's, which must run first), before a render-blocking
 * stylesheet that follows it (a script after such a link waits for the stylesheet: on-demand
 * pages, whose CSS is not inlined), else at the end of <head>; -1 without a <head>.
 */
function preloadPlace(html: string): number {
  const end = html.indexOf('</head>');
  if (end < 0) return -1;
  const lastScript = html.lastIndexOf('</script>', end);
  const from = lastScript < 0 ? 0 : lastScript + '</script>'.length;
  BLOCKING_SHEET.lastIndex = from;
  for (let sheet = BLOCKING_SHEET.exec(html); sheet && sheet.index < end; sheet = BLOCKING_SHEET.exec(html)) {
    // A <noscript> link (beside a lazily loaded sheet: critical-css.ts) blocks nothing.
    if (html.lastIndexOf('<noscript', sheet.index) <= html.lastIndexOf('</noscript>', sheet.index)) {
      return sheet.index;
    }
  }
  return end;
}

/**
 * The client bundle's graph in the server bundle: the build replaces this string literal with the
 * graph's JSON once the client is built (chunk-graph.ts `embedChunkGraph`); the server is built
 * before the client, so it cannot import it.
 */
export const CHUNK_GRAPH_MARKER = '__CHUNK_GRAPH_JSON__';
const EMBEDDED: string = '__CHUNK_GRAPH_JSON__';

/** The graph the build embedded, or `{}` (under `astro dev`, in tests: nothing to preload). */
export function embeddedChunkGraph(json: string = EMBEDDED): ChunkGraph {
  try {
    const graph: unknown = JSON.parse(json);
    return graph && typeof graph === 'object' && !Array.isArray(graph) ? (graph as ChunkGraph) : {};
  } catch {
    return {};
  }
}
