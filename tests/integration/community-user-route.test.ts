import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// /user/{userId} must open on a direct visit and on reload in the Netlify deploy. It is an
// on-demand route (prerender = false): this builds the site with the Netlify adapter and reads
// the generated configuration Netlify deploys. (The node build is proven by the e2e test
// "a signed-out visitor of /user/{id} ... survives a reload".)
const root = join(import.meta.dirname, '..', '..');
let outDir: string;

describe('the Netlify deploy serves /user/{id} from the on-demand function', () => {
  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), 'netlify-build-'));
    const build = spawnSync(
      process.execPath,
      [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
      {
        cwd: root,
        env: { ...process.env, ADAPTER: '' },
        encoding: 'utf8',
      },
    );
    if (build.status !== 0) throw new Error(`netlify build failed:\n${build.stdout}\n${build.stderr}`);
  }, 300_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('routes every path without a static file to the SSR function', () => {
    const fn = readFileSync(join(root, '.netlify/v1/functions/ssr/ssr.mjs'), 'utf8');
    expect(fn).toMatch(/path:\s*'\/\*'/);
    expect(fn).toMatch(/preferStatic:\s*true/);
  });

  it('has no static user page or redirect that could shadow /user/{id}, in any language', () => {
    for (const prefix of ['', 'en', 'de']) expect(existsSync(join(outDir, prefix, 'user'))).toBe(false);
    const redirects = readFileSync(join(outDir, '_redirects'), 'utf8');
    expect(redirects).not.toMatch(/^\/(en\/|de\/)?user/m);
  });

  it('bundles /[...lang]/user/[id] as an on-demand route in the function', () => {
    const entry = readFileSync(join(root, '.netlify/build/entry.mjs'), 'utf8');
    const route = /"route":"\/\[\.\.\.lang\]\/user\/\[id\]".{0,600}?"prerender":(true|false)/.exec(entry);
    expect(route?.[1]).toBe('false');
  });
});
