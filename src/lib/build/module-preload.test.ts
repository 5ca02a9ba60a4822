import { describe, expect, it } from 'vitest';
import { embedChunkGraph } from './chunk-graph.ts';
import { inlinePage } from './critical-css.ts';
import { compileSheet } from './css-rules.ts';
import {
  CHUNK_GRAPH_MARKER,
  chunkGraph,
  DATA_CLIENT,
  embeddedChunkGraph,
  PRELOAD_SCRIPT,
  preloadScript,
  staticImports,
  withPreloads,
} from './module-preload.ts';

/*
 * A page names, up front, every chunk its module scripts import statically, so the browser does
 * not find them one level at a time; chunks reached only through `import()` stay lazy.
 */

// page.js -> members.js -> react.js; page.js -> shell.js; page.js ... import() -> editor.js -> big.js
const bundle = {
  'page.js': { type: 'chunk', fileName: 'page.js', imports: ['members.js', 'shell.js'] },
  'members.js': { type: 'chunk', fileName: 'members.js', imports: ['react.js'] },
  'react.js': { type: 'chunk', fileName: 'react.js', imports: [] },
  'shell.js': { type: 'chunk', fileName: 'shell.js', imports: ['members.js'] },
  'editor.js': { type: 'chunk', fileName: 'editor.js', imports: ['big.js', 'members.js'] },
  'big.js': { type: 'chunk', fileName: 'big.js', imports: [] },
  'site.css': { type: 'asset' },
} as const;
const graph = chunkGraph(bundle, '/_astro/');

describe('the static import graph', () => {
  it('maps each chunk to the chunks it imports statically, as URL paths', () => {
    expect(graph['/_astro/page.js']).toEqual(['/_astro/members.js', '/_astro/shell.js']);
    expect(graph['/_astro/site.css']).toBeUndefined();
  });

  it('gives every chunk an entry needs, nearest first, once, and nothing only import() reaches', () => {
    expect(staticImports(graph, ['/_astro/page.js'])).toEqual([
      '/_astro/members.js',
      '/_astro/shell.js',
      '/_astro/react.js',
    ]);
    // Two entries sharing chunks; an entry is never listed as its own import.
    expect(staticImports(graph, ['/_astro/shell.js', '/_astro/page.js'])).toEqual([
      '/_astro/members.js',
      '/_astro/react.js',
    ]);
    expect(staticImports(graph, ['/elsewhere.js'])).toEqual([]);
  });

  it('names the data client’s chunks, found by their modules, wherever the bundler put them', () => {
    const withClient = chunkGraph(
      {
        ...bundle,
        'client.js': {
          type: 'chunk',
          fileName: 'client.js',
          imports: [],
          moduleIds: ['/w/src/lib/supabase/client.ts'],
        },
        'compose.js': {
          type: 'chunk',
          fileName: 'compose.js',
          imports: ['auth.js'],
          moduleIds: ['/w/node_modules/@supabase/postgrest-js/x.js', '/w/src/lib/supabase/compose.ts'],
        },
        'auth.js': {
          type: 'chunk',
          fileName: 'auth.js',
          imports: [],
          moduleIds: ['/w/src/lib/supabase/auth-ended.ts'],
        },
      },
      '/_astro/',
    );
    expect(withClient[DATA_CLIENT]).toEqual(['/_astro/client.js', '/_astro/compose.js']);
    expect(graph[DATA_CLIENT]).toBeUndefined();
  });

  it('survives a cycle', () => {
    const cyclic = { '/a.js': ['/b.js'], '/b.js': ['/a.js', '/c.js'], '/c.js': [] };
    expect(staticImports(cyclic, ['/a.js'])).toEqual(['/b.js', '/c.js']);
  });
});

/** Runs the inline script against a small fake document; returns the links it added. */
function runPreloadScript(list: string[], gate?: string) {
  const added: Array<{ rel?: string; href?: string }> = [];
  const document = {
    documentElement: { dataset: gate ? { gate } : {} },
    currentScript: { dataset: { preloadModules: JSON.stringify(list) } },
    head: {
      insertAdjacentHTML: (where: string, html: string) => {
        expect(where).toBe('beforeend');
        for (const m of html.matchAll(/<link rel=(\w+) href="([^"]*)">/g))
          added.push({ rel: m[1] as string, href: m[2] as string });
        expect(html.replaceAll(/<link rel=\w+ href="[^"]*">/g, '')).toBe('');
      },
    },
  };
  new Function('document', PRELOAD_SCRIPT)(document);
  return added;
}

describe('the preload script', () => {
  it('adds one modulepreload link per chunk, in order', () => {
    expect(runPreloadScript(['/_astro/a.js', '/_astro/b.js'])).toEqual([
      { rel: 'modulepreload', href: '/_astro/a.js' },
      { rel: 'modulepreload', href: '/_astro/b.js' },
    ]);
  });

  it('fetches nothing for a visitor the gate is sending to sign in', () => {
    expect(runPreloadScript(['/_astro/a.js'], 'out')).toEqual([]);
  });

  it('is left out when there is nothing to preload, and escapes its list', () => {
    expect(preloadScript([])).toBe('');
    expect(preloadScript(["/_astro/it's&.js"])).toContain(
      `data-preload-modules='["/_astro/it&#39;s&amp;.js"]'`,
    );
  });
});

const sheet = compileSheet('.flex{display:flex}');
const sheetFor = async (href: string) => (href === '/_astro/site.css' ? sheet : undefined);
const page = (body: string) =>
  `<!doctype html><html><head><title>t</title><link rel="stylesheet" href="/_astro/site.css"></head><body class="flex">${body}<script type="module" src="/_astro/page.js"></script></body></html>`;

describe('built pages', () => {
  it('a React app preloads its scripts’ static imports from the end of <head>, not its lazy chunks', async () => {
    const out = await inlinePage(page('<div data-react-island></div>'), { sheetFor, graph });
    const head = out.slice(0, out.indexOf('</head>') + '</head>'.length);
    expect(head).toMatch(
      new RegExp(
        `<script data-preload-modules='\\["/_astro/members.js","/_astro/shell.js","/_astro/react.js"\\]'>${PRELOAD_SCRIPT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script></head>$`,
      ),
    );
    expect(out).not.toContain('editor.js');
    expect(out).not.toContain('big.js');
    expect(out).toContain('<script type="module" src="/_astro/page.js"></script>');
  });

  it('a page whose scripts wait for the first paint has the loader start what they import with them', async () => {
    const out = await inlinePage(page('<p>text</p>'), {
      sheetFor,
      graph,
      scriptsFor: async () => ({ has: () => false }),
      loader: 'LOADER',
    });
    // The scripts first (they run in the list's order), then what they import.
    expect(out).toContain(
      `<script data-defer-modules='["/_astro/page.js","/_astro/members.js","/_astro/shell.js","/_astro/react.js"]'>LOADER</script>`,
    );
    expect(out).not.toContain(PRELOAD_SCRIPT);
  });

  it('a page without module scripts gets nothing', async () => {
    const html = page('').replace('<script type="module" src="/_astro/page.js"></script>', '');
    const out = await inlinePage(html, { sheetFor, graph });
    expect(out).not.toContain('preload');
  });
});

describe('gated pages', () => {
  // members.js holds React; compose.js the data client, which the gate loads with import().
  const gated = {
    '/_astro/page.js': ['/_astro/members.js'],
    '/_astro/members.js': [],
    '/_astro/compose.js': ['/_astro/auth.js', '/_astro/members.js'],
    '/_astro/auth.js': [],
    [DATA_CLIENT]: ['/_astro/compose.js'],
  };
  const html = (gate: string) =>
    `<html><head>${gate}<title>t</title></head><body><script type="module" src="/_astro/page.js"></script></body></html>`;
  const listed = (out: string) => JSON.parse(out.match(/data-preload-modules='([^']*)'/)?.[1] ?? '[]');

  it('preload the data client with their own chunks, after them and without repeats', () => {
    const out = withPreloads(html('<script data-session-gate>gate()</script>'), gated);
    expect(listed(out)).toEqual(['/_astro/members.js', '/_astro/compose.js', '/_astro/auth.js']);
  });

  it('only when gated: a public page loads the data client when someone uses it', () => {
    expect(listed(withPreloads(html('<script>other()</script>'), gated))).toEqual(['/_astro/members.js']);
    // Gated but without scripts of its own: nothing to preload.
    const bare = '<html><head><script data-session-gate>gate()</script></head><body></body></html>';
    expect(withPreloads(bare, gated)).toBe(bare);
  });
});

describe('on-demand pages', () => {
  it('get the graph the build writes into the server code, whatever quotes the bundler chose', () => {
    for (const quote of ['"', "'", '`']) {
      const code = `const EMBEDDED = ${quote}${CHUNK_GRAPH_MARKER}${quote};`;
      const embedded = embedChunkGraph(code, graph);
      const literal = /^const EMBEDDED = (.*);$/.exec(embedded)?.[1] as string;
      expect(embeddedChunkGraph(new Function(`return ${literal}`)() as string)).toEqual(graph);
    }
    // Unbuilt (astro dev, tests): nothing to preload.
    expect(embeddedChunkGraph(CHUNK_GRAPH_MARKER)).toEqual({});
  });

  it('preload what their module scripts import, from the end of <head>', () => {
    const html =
      '<html><head><title>t</title></head><body><script type="module" src="/_astro/page.js"></script></body></html>';
    expect(withPreloads(html, graph)).toBe(
      html.replace(
        '</head>',
        `${preloadScript(['/_astro/members.js', '/_astro/shell.js', '/_astro/react.js'])}</head>`,
      ),
    );
    expect(withPreloads(html, {})).toBe(html);
  });

  it('preload before a render-blocking stylesheet (a script after it waits for it), after the gate', () => {
    const gate = '<script>gate()</script>';
    const sheet = '<link rel="stylesheet" href="/_astro/site.css">';
    const html = `<html><head>${gate}${sheet}</head><body><script type="module" src="/_astro/page.js"></script></body></html>`;
    const script = preloadScript(['/_astro/members.js', '/_astro/shell.js', '/_astro/react.js']);
    expect(withPreloads(html, graph)).toBe(html.replace(sheet, `${script}${sheet}`));
    // A sheet before the gate: the gate waits for it anyway; the preload still comes after the gate.
    const early = html.replace(`${gate}${sheet}`, `${sheet}${gate}`);
    expect(withPreloads(early, graph)).toBe(early.replace('</head>', `${script}</head>`));
  });
});
