import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { CHUNK_GRAPH_MARKER, type ChunkGraph, chunkGraph } from './module-preload.ts';

const MARKER_LITERAL = new RegExp(`(["'\`])${CHUNK_GRAPH_MARKER}\\1`, 'g');

/** Server code with the marker's string literal replaced by the graph's JSON, as a string literal. */
export function embedChunkGraph(code: string, graph: ChunkGraph): string {
  return code.replace(MARKER_LITERAL, () => JSON.stringify(JSON.stringify(graph)));
}

async function embedInServer(dir: string, graph: ChunkGraph): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let count = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !/\.[cm]?js$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const code = await readFile(file, 'utf8');
    if (!code.includes(CHUNK_GRAPH_MARKER)) continue;
    await writeFile(file, embedChunkGraph(code, graph));
    count++;
  }
  return count;
}

/**
 * The client bundle's static import graph (module-preload.ts), recorded when the client is built:
 * `graph()` for the steps after the build (critical-css.ts rewrites the static pages with it), and
 * an integration that embeds it in the server bundle for the on-demand pages (src/middleware.ts).
 * It does so at `astro:build:generated`, after Astro's own changes to the server chunks and before
 * any adapter copies them (the Netlify adapter, at `astro:build:done`).
 */
export function recordChunkGraph(): {
  plugin: Plugin;
  graph: () => ChunkGraph;
  integration: AstroIntegration;
} {
  let recorded: ChunkGraph = {};
  let server: URL | undefined;
  return {
    graph: () => recorded,
    plugin: {
      name: 'chunk-graph',
      applyToEnvironment: (environment) => environment.name === 'client',
      generateBundle(_options, bundle) {
        recorded = chunkGraph(bundle, this.environment.config.base);
      },
    },
    integration: {
      name: 'chunk-graph',
      hooks: {
        'astro:config:done': ({ config }) => {
          server = config.build.server;
        },
        'astro:build:generated': async ({ logger }) => {
          if (!server) return;
          const files = await embedInServer(fileURLToPath(server), recorded);
          logger.info(
            `client chunk graph (${Object.keys(recorded).length} chunks) embedded in ${files} server files`,
          );
        },
      },
    },
  };
}
