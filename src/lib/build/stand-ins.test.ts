import { describe, expect, it } from 'vitest';
import { isStandIn, standInsIn, withoutStandIns } from './stand-ins.ts';

const ROOT = '/repo';

type Hooks = {
  resolveId: (
    this: unknown,
    source: string,
    importer: string | undefined,
    options: object,
  ) => Promise<unknown>;
  generateBundle: (this: unknown, options: object, bundle: object) => void;
  applyToEnvironment: (environment: { name: string }) => boolean;
};

const plugin = withoutStandIns() as unknown as Hooks;
/** A plugin context whose resolver maps specifiers relative to the importer's folder. */
const context = {
  resolve: async (source: string, importer: string) => ({
    id: new URL(source, `file://${importer}`).pathname,
  }),
  error: (message: string) => {
    throw new Error(message);
  },
};

describe('isStandIn', () => {
  it('knows the local catalog and the local Supabase stack, and nothing else', () => {
    expect(isStandIn(`${ROOT}/src/lib/storefront/local/index.ts`)).toBe(true);
    expect(isStandIn(`${ROOT}/src/lib/storefront/local/fixtures/content/eenheid.ts`)).toBe(true);
    expect(isStandIn(`${ROOT}/supabase/local/stack.ts`)).toBe(true);
    expect(isStandIn(`${ROOT}/src/lib/storefront/client.ts`)).toBe(false);
    expect(isStandIn(`${ROOT}/src/lib/storefront/localize.ts`)).toBe(false);
    expect(isStandIn(`${ROOT}/supabase/migrations/0001.sql`)).toBe(false);
  });
});

describe('withoutStandIns', () => {
  it('works on the deployed server bundle only (not the browser, not prerendering)', () => {
    expect(plugin.applyToEnvironment({ name: 'ssr' })).toBe(true);
    expect(plugin.applyToEnvironment({ name: 'prerender' })).toBe(false);
    expect(plugin.applyToEnvironment({ name: 'client' })).toBe(false);
  });

  it("opens the storefront client's door to the local catalog onto the stub", async () => {
    const client = `${ROOT}/src/lib/storefront/client.ts`;
    const id = await plugin.resolveId.call(context, './local/index.ts', client, {});
    expect(String(id)).toMatch(/[\\/]src[\\/]lib[\\/]storefront[\\/]no-local-catalog\.ts$/);
    // Inside the stand-in, and for everything else, resolution is left alone.
    expect(
      await plugin.resolveId.call(context, './catalog.ts', `${ROOT}/src/lib/storefront/local/index.ts`, {}),
    ).toBeNull();
    expect(await plugin.resolveId.call(context, './money.ts', client, {})).toBeNull();
  });

  it('fails the build when a stand-in module is in the bundle', () => {
    const bundle = {
      'entry.mjs': { type: 'chunk', fileName: 'entry.mjs', moduleIds: [`${ROOT}/src/pages/api/checkout.ts`] },
      'chunks/fixtures.mjs': {
        type: 'chunk',
        fileName: 'chunks/fixtures.mjs',
        moduleIds: [`${ROOT}/src/lib/storefront/local/fixtures.ts`, `${ROOT}/supabase/local/keys.ts`],
      },
      'a.css': { type: 'asset', fileName: 'a.css' },
    };
    expect(standInsIn(bundle)).toEqual([
      `chunks/fixtures.mjs: ${ROOT}/src/lib/storefront/local/fixtures.ts`,
      `chunks/fixtures.mjs: ${ROOT}/supabase/local/keys.ts`,
    ]);
    expect(() => plugin.generateBundle.call(context, {}, bundle)).toThrow(
      /local stand-ins in the production/,
    );
    const clean = { 'entry.mjs': bundle['entry.mjs'] };
    expect(() => plugin.generateBundle.call(context, {}, clean)).not.toThrow();
  });
});
