import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { netlifyBuild } from './helpers-build.ts';

// /user/{userId} must open on a direct visit and on reload in the Netlify deploy. It is an
// on-demand route (prerender = false): this reads the Netlify build (shared by the integration
// tests, helpers-build.ts) and the configuration Netlify deploys. (The node build is proven by the
// e2e test "a signed-out visitor of /user/{id} ... survives a reload".)
let build: Awaited<ReturnType<typeof netlifyBuild>>;

describe('the Netlify deploy serves /user/{id} from the on-demand function', () => {
  beforeAll(async () => {
    build = await netlifyBuild();
  }, 300_000);

  it('routes every path without a static file to the SSR function', () => {
    const fn = readFileSync(build.ssr, 'utf8');
    expect(fn).toMatch(/path:\s*'\/\*'/);
    expect(fn).toMatch(/preferStatic:\s*true/);
  });

  it('has no static user page or redirect that could shadow /user/{id}, in any language', () => {
    for (const prefix of ['', 'en', 'de']) expect(existsSync(join(build.dir, prefix, 'user'))).toBe(false);
    const redirects = readFileSync(join(build.dir, '_redirects'), 'utf8');
    expect(redirects).not.toMatch(/^\/(en\/|de\/)?user/m);
  });

  it('bundles /[...lang]/user/[id] as an on-demand route in the function', () => {
    const entry = readFileSync(build.entry, 'utf8');
    const route = /"route":"\/\[\.\.\.lang\]\/user\/\[id\]".{0,600}?"prerender":(true|false)/.exec(entry);
    expect(route?.[1]).toBe('false');
  });
});
