/*
 * A module script's static imports are found only when the script arrives, theirs only when they
 * arrive: without help the browser fetches a page's chunks one level after another (the signed-in
 * pages' biggest wait before first content, issue 26). The build knows the whole static graph, so
 * each page names every chunk its module scripts import statically, up front: the browser
 * fetches them all at once. Chunks reached only by `import()` stay out (they load on demand).
 */

/** The browser bundle's static imports: a chunk's URL path -> the URL paths it imports statically. */
export type ChunkGraph = Readonly<Record<string, readonly string[]>>;

/** What this needs of a bundle's files (rolldown's OutputChunk and OutputAsset). */
type BundleFile = { type: 'chunk'; fileName: string; imports: readonly string[] } | { type: 'asset' };

/**
 * The static graph of a client bundle, as rolldown hands it to `generateBundle` (`imports` are
 * static imports only; `import()` targets are `dynamicImports`), with URL paths under `base`.
 */
export function chunkGraph(bundle: Record<string, BundleFile>, base = '/'): Record<string, string[]> {
  const graph: Record<string, string[]> = {};
  for (const file of Object.values(bundle)) {
    if (file.type === 'chunk') graph[base + file.fileName] = file.imports.map((name) => base + name);
  }
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
 * text is the same on every page, so one hash in the Content-Security-Policy covers it.
 */
export const PRELOAD_SCRIPT =
  "(d=>{if(d.documentElement.dataset.gate!='out')for(const h of JSON.parse(d.currentScript.dataset.preloadModules))d.head.append(Object.assign(d.createElement('link'),{rel:'modulepreload',href:h}))})(document)";

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

const MODULE_SCRIPT_SRC =
  /<script\b(?=[^>]*\btype=["']?module\b)[^>]*\bsrc=(?:"([^"]+)"|'([^']+)'|([^\s>]+))[^>]*><\/script>/g;

/**
 * The page with one preload script in its <head> (`preloadPlace`) for what its module scripts import
 * statically (Astro inlines only scripts that import nothing, so inline modules add none). For
 * pages whose scripts run as the HTML names them: React apps, and the on-demand pages
 * (src/middleware.ts, with the graph the build embedded: chunk-graph.ts).
 */
export function withPreloads(html: string, graph: ChunkGraph | undefined): string {
  if (!graph) return html;
  const entries = [...html.matchAll(MODULE_SCRIPT_SRC)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
  const script = preloadScript(staticImports(graph, entries));
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
