import type { Plugin } from 'vite';

/*
 * How the browser's JavaScript is cut into files. Each file is gzipped on its own, and a small file
 * compresses badly: left to itself the bundler made ~20 chunks of 0.1-1 KB for every page (one per
 * set of pages sharing a module), which cost the signed-in pages ~3 KB gz of their 140 KB budget.
 * Two groups instead:
 *   - `shell`: everything the header, user menu, search field and newsletter cards run on every
 *     page (src/components/site-shell.ts and what it imports);
 *   - `members`: React, ReactDOM and the pieces every signed-in app uses (mount, gate, states).
 * A module missing from these lists still works; it only lands in a chunk of its own again, which
 * `npm run size` shows.
 */

const sep = '[\\\\/]';
const inSrc = (paths: string) => new RegExp(`${sep}src${sep}(?:${paths})$`);

const SHELL = [
  inSrc('components/(?:site-shell|header|image-fallback|toast)\\.ts'),
  inSrc('features/auth/(?:user-menu|profile-live|session-keeper|session|store|flash)\\.ts'),
  inSrc('features/(?:cart/badge|newsletter/card-loader|search/field)\\.ts'),
  inSrc('features/messages/unread-(?:badge|live)\\.ts'),
  inSrc('i18n/(?:locales|plural-form|format|bind)\\.ts'),
  inSrc('lib/supabase/(?:env|client|live-refresh)\\.ts'),
  inSrc('lib/state/value\\.ts'),
  /^\0vite\/preload-helper/,
];

const MEMBERS = [
  inSrc('components/app/(?:mount|island-id)\\.ts'),
  inSrc('components/app/(?:GatedPage|States|Avatar|LinkifiedText|LazyConfirmDialog)\\.tsx'),
  inSrc('features/auth/(?:useGate|gate)\\.ts'),
  inSrc('features/community/paths\\.ts'),
  inSrc('lib/text/linkify\\.ts'),
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/,
];

const matches = (list: RegExp[]) => (id: string) => list.some((re) => re.test(id));

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

export function clientChunks(): Plugin[] {
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
                codeSplitting: {
                  groups: [
                    { name: 'shell', test: matches(SHELL), priority: 30 },
                    { name: 'members', test: matches(MEMBERS), priority: 20 },
                  ],
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
