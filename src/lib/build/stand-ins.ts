import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/*
 * The local stand-ins (the local catalog, src/lib/storefront/local; the local Supabase stack,
 * supabase/local) never enter a production server bundle (ARCHITECTURE.md "Layout"). In a
 * production build the storefront client's one door to the local catalog (its dynamic import of
 * ./local/index.ts) opens onto ./no-local-catalog.ts instead, and the build fails if any module of
 * either stand-in still reaches the server bundle. Prerendering (Astro's `prerender` environment,
 * not deployed) keeps the local catalog, so a build without a store still renders the shop; the
 * node build (ADAPTER=node: `npm start`, e2e, benchmarks) keeps it everywhere.
 */

const STAND_INS = [/[\\/]src[\\/]lib[\\/]storefront[\\/]local[\\/]/, /[\\/]supabase[\\/]local[\\/]/];

/** A module of a local stand-in. */
export function isStandIn(id: string): boolean {
  return STAND_INS.some((folder) => folder.test(id));
}

const LOCAL_CATALOG_ENTRY = /[\\/]src[\\/]lib[\\/]storefront[\\/]local[\\/]index\.ts$/;
const NO_LOCAL_CATALOG = fileURLToPath(new URL('../storefront/no-local-catalog.ts', import.meta.url));

type Chunk = { type: string; fileName: string; moduleIds?: readonly string[] };

/** The stand-in modules in a bundle, as `file: module` lines. */
export function standInsIn(bundle: Record<string, Chunk>): string[] {
  return Object.values(bundle).flatMap((file) =>
    file.type === 'chunk'
      ? (file.moduleIds ?? []).filter(isStandIn).map((id) => `${file.fileName}: ${id}`)
      : [],
  );
}

/** For production builds: the server bundle without the local stand-ins (see above). */
export function withoutStandIns(): Plugin {
  return {
    name: 'without-stand-ins',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async resolveId(source, importer, options) {
      if (!importer || isStandIn(importer) || !source.includes('local')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && LOCAL_CATALOG_ENTRY.test(resolved.id) ? NO_LOCAL_CATALOG : null;
    },
    generateBundle(_options, bundle) {
      const found = standInsIn(bundle as Record<string, Chunk>);
      if (found.length > 0) {
        this.error(`local stand-ins in the production server bundle:\n  ${found.join('\n  ')}`);
      }
    },
  };
}
