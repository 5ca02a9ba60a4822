import type { Plugin } from 'vite';
import { chunkGroups, type Group, type ModuleGraph } from './chunk-groups.ts';

/**
 * The group of a module, from the module graph of the chunking pass (rolldown hands every call
 * of a pass the same context); one assignment per pass.
 */
function grouping(): (id: string, ctx: ModuleGraph) => Group | null {
  let graph: ModuleGraph | undefined;
  let assign: ((id: string) => Group | null) | undefined;
  return (id, ctx) => {
    if (ctx !== graph || !assign) {
      graph = ctx;
      assign = chunkGroups(ctx);
    }
    const g = assign(id);
    if (process.env.CHUNK_DEBUG) console.info(`[chunk] ${g} ${id}`);
    return g;
  };
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite wraps every dynamic import in a preload helper (~1 KB gz on every page) that fetches the
 * imported chunk's dependencies and CSS in parallel. With `modulePreload: false` the list of
 * dependencies is always empty here (our lazy chunks carry no CSS of their own), so the helper
 * only calls the import: this plugin gives it that one line, and fails the build if Vite ever
 * hands it a dependency list (a lazy chunk with CSS), which the short helper would ignore.
 */
function shortPreloadHelper(): Plugin {
  return {
    name: 'short-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id) {
      return id === PRELOAD_HELPER ? id : undefined;
    },
    load(id) {
      if (id !== PRELOAD_HELPER) return undefined;
      return 'export const __vitePreload = (load) => load();';
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.code.includes('__vite__mapDeps')) {
          this.error(`${file.fileName} preloads dependencies; the short preload helper would skip them`);
        }
      }
    },
  };
}

/** How the browser's JavaScript is cut into files (chunk-groups.ts), and the short preload helper. */
export function clientChunks(): Plugin[] {
  const group = grouping();
  return [
    {
      name: 'client-chunks',
      configEnvironment(name) {
        if (name !== 'client') return;
        return {
          build: {
            modulePreload: false,
            rolldownOptions: {
              output: {
                // The shell first (a module both use stays there), then the members' shared code.
                codeSplitting: {
                  groups: (['shell', 'members'] as const).map((name, index) => ({
                    name: (id: string, ctx: ModuleGraph) => (group(id, ctx) === name ? name : null),
                    priority: 30 - index * 10,
                  })),
                },
              },
            },
          },
        };
      },
    },
    shortPreloadHelper(),
  ];
}
