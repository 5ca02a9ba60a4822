import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { type PipelineResult, startPipeline } from './critical-css-pipeline.ts';
import { compileSheet, type Kept, type PageTokens, pageTokens, type ScriptTokens } from './css-rules.ts';
import { moduleLoader } from './module-loader.ts';
import { attributeList, type ChunkGraph, staticImports, withPreloads } from './module-preload.ts';
import { type PagePolicy, policyCollector, rememberPolicy } from './page-policy.ts';
import { scriptGraph } from './script-graph.ts';

/*
 * No render-blocking request on the first screen: after the build, each page gets the rules of
 * the one stylesheet that its own HTML can use inlined in <head>, and the whole stylesheet loads
 * without blocking (media swap, with a <noscript> link for browsers without JavaScript). Content
 * that scripts add later (drawer, toasts, placeholders) is styled by the full sheet by then.
 *
 * A rule is kept when every class, id, tag and attribute its selector needs occurs in the page
 * (pseudo-classes ignored, so :hover and :focus rules come along). That is a superset of what a
 * DOM matcher such as beasties keeps (critical-css.test.ts holds it to that), at a fraction of
 * its cost: the stylesheet is parsed once per build, a page costs one scan of its HTML. Beasties
 * took ~15 ms a page, 196 s of a 2,000-product build (12,640 pages).
 */

const STYLESHEET = /<link\b(?=[^>]*\brel=["']?stylesheet\b)(?![^>]*\bmedia=)[^>]*>/g;
const HREF = /\bhref=(?:"([^"]+)"|'([^']+)'|([^\s>]+))/;
const MODULE_SCRIPT = /<script\b(?=[^>]*\btype=["']?module\b)(?=[^>]*\bsrc=)[^>]*><\/script>/g;
const INLINE_MODULE = /<script\b(?=[^>]*\btype=["']?module\b)(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const SRC = /\bsrc=(?:"([^"]+)"|'([^']+)'|([^\s>]+))/;
/** React apps and Astro islands draw most of their page in the browser: they keep the full sheet. */
const APP = /\bdata-react-island\b|<astro-island\b/;
/**
 * An app whose first screen is all server-rendered (the sign-in page: ReactIsland's `afterPaint`)
 * starts its module scripts after the first paint too; what is typed before it hydrates still
 * reaches it (src/components/app/typed-before-hydration.ts).
 */
const AFTER_PAINT = /\bdata-after-paint\b/;

/**
 * Applies a lazy stylesheet once it has loaded. It is a script beside the link rather than an
 * `onload="this.media='all'"` attribute: the Content-Security-Policy (src/lib/security-headers.ts)
 * runs no inline event handlers, only inline scripts whose hash it lists, and this text is the
 * same on every page, so one hash covers it.
 */
export const LAZY_SHEET_SCRIPT =
  "(()=>{const l=document.currentScript.previousElementSibling,a=()=>{l.media='all'};l.sheet?a():l.addEventListener('load',a)})()";

function attributeValue(match: RegExpMatchArray | null): string | undefined {
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The stylesheets a page links that `inlinePage` inlines (their hrefs). */
export function linkedSheets(html: string): string[] {
  return [...html.matchAll(STYLESHEET)].flatMap((link) => attributeValue(link[0].match(HREF)) ?? []);
}

export type PageOptions = {
  /** The compiled sheet for a stylesheet's URL, or undefined to leave that link alone. */
  sheetFor: (href: string) => Promise<Kept | undefined>;
  /** What the page's scripts may add (see script-graph.ts); without it every sheet stays lazy. */
  scriptsFor?: (sources: string[], inline: string[]) => Promise<ScriptTokens>;
  /** The inline loader's code (module-loader.ts); computed here when not handed in. */
  loader?: string;
  /** The client bundle's static imports (module-preload.ts): the page preloads what its scripts import. */
  graph?: ChunkGraph;
  /** Critical CSS already computed for pages holding the same (see `inputsKey`), shared among pages. */
  memo?: Map<string, string>;
};

/** At most this many distinct critical-CSS results are remembered (a page type is one or a few). */
const MEMO_LIMIT = 256;
const CUSTOM_PROPERTY = /--[A-Za-z0-9_-]+/g;

/** A set's members in the order the page holds them (the same pages list them alike). */
const listed = (set: ReadonlySet<string>) => [...set].join(' ');

/**
 * Everything a sheet's answer for a page depends on (css-rules.ts `Kept`): the sheet, the page's
 * tokens, its scripts (module sources and inline code, from which script-graph.ts reads theirs)
 * and, when the scripts are known, the custom properties its markup names. Pages of one type (the
 * 12,000 product pages of a large catalog) mostly hold the same, so the rules are chosen once.
 */
function inputsKey(
  href: string,
  tokens: PageTokens,
  scripts: { sources: string[]; inline: string[] } | undefined,
  html: string,
): string {
  const parts = [
    href,
    listed(tokens.classes),
    listed(tokens.ids),
    listed(tokens.tags),
    listed(tokens.attributes),
  ];
  if (scripts) {
    parts.push(scripts.sources.join('\u0001'), scripts.inline.join('\u0001'));
    parts.push(listed(new Set(html.match(CUSTOM_PROPERTY))));
  }
  return parts.join('\u0000');
}

/**
 * Rewrites one page. Its stylesheet links become inlined rules. A page whose scripts only add to
 * server-rendered HTML gets every rule its markup and its scripts can use and no stylesheet
 * request at all (nothing to restyle later), and its module scripts start after the first paint.
 * A React app keeps the rules its markup uses inlined and the full sheet loading without blocking
 * (media swap, with a <noscript> link for browsers without JavaScript); its scripts start after the
 * first paint only where it asks to (`AFTER_PAINT`).
 */
export async function inlinePage(html: string, options: PageOptions): Promise<string> {
  const links = [...html.matchAll(STYLESHEET)];
  if (links.length === 0) return withPreloads(html, options.graph);
  const complete = options.scriptsFor !== undefined && !APP.test(html);
  const afterPaint = complete || (options.scriptsFor !== undefined && AFTER_PAINT.test(html));
  const tokens = pageTokens(html);
  const moduleTags = afterPaint ? [...html.matchAll(MODULE_SCRIPT)].map((m) => m[0]) : [];
  const sources = moduleTags.flatMap((tag) => attributeValue(tag.match(SRC)) ?? []);
  const inline = complete ? [...html.matchAll(INLINE_MODULE)].map((m) => m[1] ?? '') : [];
  // Read only when a sheet's answer is not remembered yet.
  let scripts: Promise<ScriptTokens> | undefined;
  const scriptsOnce = () => {
    scripts ??= (options.scriptsFor as NonNullable<PageOptions['scriptsFor']>)(sources, inline);
    return scripts;
  };
  const { memo } = options;
  let result = '';
  let last = 0;
  for (const link of links) {
    const url = attributeValue(link[0].match(HREF));
    const sheet = url ? await options.sheetFor(url) : undefined;
    if (!sheet || !url) continue;
    const tag = link[0];
    const key = memo && inputsKey(url, tokens, complete ? { sources, inline } : undefined, html);
    let css = key === undefined ? undefined : memo?.get(key);
    if (css === undefined) {
      css = sheet(tokens, complete ? await scriptsOnce() : undefined, html);
      if (key !== undefined && memo && memo.size < MEMO_LIMIT) memo.set(key, css);
    }
    const style = `<style>${css}</style>`;
    const lazy = `${tag.replace(/\s*\/?>$/, ' media="print">')}<script>${LAZY_SHEET_SCRIPT}</script>`;
    result +=
      html.slice(last, link.index) + (complete ? style : `${style}${lazy}<noscript>${tag}</noscript>`);
    last = link.index + tag.length;
  }
  result += html.slice(last);
  if (!sources.length) return withPreloads(result, options.graph);
  // What the scripts import statically follows them in the loader's list: the loader adds them all
  // at once, so the browser fetches them together; in order (`async = false`), each runs after the
  // scripts that import it, which have run it already (a module runs once), so nothing runs earlier.
  const list = [...sources, ...(options.graph ? staticImports(options.graph, sources) : [])];
  const loader = `<script data-defer-modules='${attributeList(list)}'>${options.loader ?? moduleLoader()}</script>`;
  let first = true;
  return result.replace(MODULE_SCRIPT, () => {
    const out = first ? loader : '';
    first = false;
    return out;
  });
}

export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** What inlining critical CSS into some pages did: how many changed, and their policy as written. */
export type Inlined = { changed: number; policy: PagePolicy };

/**
 * Reads and compiles the stylesheets the pages link (`/_astro/x.css`), each once, from the first of
 * `dirs` that has it (undefined: none has it, the link is left alone).
 */
function sheetReader(dirs: readonly string[]): PageOptions['sheetFor'] {
  const sheets = new Map<string, Promise<Kept | undefined>>();
  const first = async (path: string): Promise<Kept | undefined> => {
    for (const dir of dirs) {
      const text = await readFile(join(dir, path), 'utf8').catch(() => undefined);
      if (text !== undefined) return compileSheet(text);
    }
    return undefined;
  };
  return (href: string) => {
    if (!href.startsWith('/') || href.startsWith('//')) return Promise.resolve(undefined);
    let sheet = sheets.get(href);
    if (!sheet) {
      sheet = first(decodeURIComponent(href.split(/[?#]/)[0] ?? ''));
      sheets.set(href, sheet);
    }
    return sheet;
  };
}

/** The options every page of the output in `dir` is rewritten with (sheets also read from `sheetDirs`). */
export function pageOptionsFor(
  dir: string,
  loader: string,
  graph?: ChunkGraph,
  sheetDirs: readonly string[] = [],
): PageOptions {
  const scripts = scriptGraph(dir);
  return {
    sheetFor: sheetReader([dir, ...sheetDirs]),
    scriptsFor: (sources, inline) => scripts.tokensFor(sources, inline),
    loader,
    ...(graph && { graph }),
    memo: new Map(),
  };
}

/**
 * Inlines critical CSS into `files` (HTML under `dir`, the static output); returns how many
 * changed and what the Content-Security-Policy needs from them as written (page-policy.ts).
 */
export async function inlineFiles(
  dir: string,
  files: readonly string[],
  loader: string = moduleLoader(),
  graph?: ChunkGraph,
): Promise<Inlined> {
  const options = pageOptionsFor(dir, loader, graph);
  let count = 0;
  let next = 0;
  const policy = policyCollector();
  // A few pages in flight, so reading and writing one overlaps the work on another (the work
  // itself is synchronous; with one at a time a 12,630-page build spent ~7 s waiting on disk).
  const lane = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const html = await readFile(file, 'utf8');
      const out = await inlinePage(html, options);
      policy.add(out);
      if (out !== html) {
        await writeFile(file, out);
        count++;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  return { changed: count, policy: policy.result() };
}

/** Pages from which the work is shared among threads (below, starting them costs more than it saves). */
const THREADED_FROM = 1000;

/**
 * Inlines critical CSS into every HTML file under `dir` (or the `files` given); returns how many
 * pages changed, in how many threads, and the pages' policy as written (page-policy.ts). Large
 * sites are split among worker threads, one per core (a 2,000-product catalog's 12,630 pages: the
 * work is CPU bound and the build's other steps are done by then). Each page's result does not
 * depend on the others, so the split changes nothing but the time (critical-css.test.ts holds it).
 */
export async function inlineCriticalCss(
  dir: string,
  { threads, graph, files: given }: { threads?: number; graph?: ChunkGraph; files?: readonly string[] } = {},
): Promise<{ pages: number; threads: number; policy: PagePolicy }> {
  const files = given ?? (await htmlFiles(dir));
  const n = Math.max(1, threads ?? (files.length >= THREADED_FROM ? Math.min(availableParallelism(), 4) : 1));
  if (n === 1) {
    const { changed, policy } = await inlineFiles(dir, files, moduleLoader(), graph);
    return { pages: changed, threads: 1, policy };
  }
  const slices = Array.from({ length: n }, (_, i) => files.filter((_, j) => j % n === i));
  const parts = await Promise.all(
    slices.map(
      (slice) =>
        new Promise<Inlined>((done, fail) => {
          const thread = new Worker(new URL('./critical-css-thread.ts', import.meta.url), {
            workerData: { dir, files: slice, loader: moduleLoader(), graph },
          });
          thread.once('message', (part: Inlined) => done(part));
          thread.once('error', fail);
          thread.once('exit', (code) => code !== 0 && fail(new Error(`critical CSS thread exited ${code}`)));
        }),
    ),
  );
  const policy = policyCollector();
  for (const part of parts) policy.merge(part.policy);
  return { pages: parts.reduce((a, b) => a + b.changed, 0), threads: n, policy: policy.result() };
}

/**
 * The Astro integration, for both adapters: a thread rewrites the pages while Astro renders them
 * (critical-css-pipeline.ts), and after the build the step rewrites every page the thread did not.
 * `graph` gives the client bundle's static imports once it is built (module-preload.ts
 * `recordChunkGraph`).
 */
export function criticalCss({ graph }: { graph?: () => ChunkGraph } = {}): AstroIntegration {
  let output: { dir: string; server: string } | undefined;
  let pipeline: ReturnType<typeof startPipeline> | undefined;
  let during: PipelineResult | undefined;
  return {
    name: 'critical-css',
    hooks: {
      'astro:config:done': ({ config, buildOutput }) => {
        const client = buildOutput === 'server' ? config.build.client : config.outDir;
        output = { dir: fileURLToPath(client), server: fileURLToPath(config.build.server) };
      },
      // Just before prerendering (the client bundle and its graph are done), until it has ended.
      'astro:build:ssr': () => {
        if (!output) return;
        pipeline = startPipeline({
          dir: output.dir,
          // Prerendered pages' CSS waits in the server output's .prerender/ until Astro moves it.
          sheetDirs: [join(output.server, '.prerender')],
          loader: moduleLoader(),
          ...(graph && { graph: graph() }),
        });
      },
      'astro:build:generated': async () => {
        during = await pipeline?.finish();
        pipeline = undefined;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
        // Each page exactly once: what the thread reported done is left out (paths compared alike).
        const same = (file: string) => resolve(file).normalize('NFC');
        const taken = new Set((during?.done ?? []).map(same));
        const files = (await htmlFiles(root)).filter((file) => !taken.has(same(file)));
        const after = await inlineCriticalCss(root, { files, ...(graph && { graph: graph() }) });
        const policy = policyCollector();
        policy.merge(after.policy);
        if (during) policy.merge(during.policy);
        // For securityHeadersFile(), listed after this integration: it need not read the pages again.
        rememberPolicy(root, policy.result());
        const pages = after.pages + (during?.changed ?? 0);
        logger.info(
          `critical CSS inlined in ${pages} pages (${taken.size} while rendering; ${files.length} after it in ${Math.round(performance.now() - started)} ms, ${after.threads} thread${after.threads > 1 ? 's' : ''})`,
        );
        during = undefined;
      },
    },
  };
}
