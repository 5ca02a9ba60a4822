import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isStandIn } from '../../src/lib/build/stand-ins.ts';
import { netlifyBuild, nodeBuild } from './helpers-build.ts';

/*
 * The local catalog (src/lib/storefront/local) and the local stack (supabase/local) never reach the
 * deployed server (docs/architecture.md, "Chunking and budgets"): this reads the server bundle of the
 * Netlify build and lists the source modules in it. The bundler marks each module it inlines with a
 * `// <path>` line; the node build (`npm start`, e2e), which keeps the local catalog on purpose, shows
 * that the marks are there to be read, so an empty list means "none bundled", not "none seen".
 */

/** The source modules bundled into the .mjs files below `dir`, by the bundler's region marks. */
function bundledModules(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'));
  const marks = files.flatMap(
    (f) => readFileSync(join(dir, f), 'utf8').match(/^\/\/ (?:src|supabase)\/\S+$/gm) ?? [],
  );
  return [...new Set(marks.map((mark) => `/repo/${mark.slice(3)}`))];
}

let netlify: Awaited<ReturnType<typeof netlifyBuild>>;
let node: Awaited<ReturnType<typeof nodeBuild>>;

describe('the deployed server bundle holds no local stand-in', () => {
  beforeAll(async () => {
    [netlify, node] = await Promise.all([netlifyBuild(), nodeBuild(inject('supabaseUrl'))]);
  }, 300_000);

  it('the node build bundles the local catalog, and its marks say so (the reading works)', () => {
    const local = bundledModules(join(node.dir, 'server')).filter(isStandIn);
    expect(local).toContain('/repo/src/lib/storefront/local/catalog.ts');
  });

  it('the Netlify function’s server bundle has the site’s modules and none of the stand-ins', () => {
    const modules = bundledModules(netlify.server);
    expect(modules).toContain('/repo/src/middleware.ts');
    expect(modules).toContain('/repo/src/lib/storefront/no-local-catalog.ts');
    expect(modules.filter(isStandIn)).toEqual([]);
  });
});
