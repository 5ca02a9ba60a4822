import { describe, expect, it } from 'vitest';
import { chunkGroups, isLayoutScript, isPackageEntry, type ModuleFacts, packageOf } from './chunk-groups.ts';

/*
 * A small site as the bundler sees it: the layout's script (every page), two React islands, a
 * React-free page script, and a lazy part of the header.
 */
const R = '/repo/src';
const NM = '/repo/node_modules';
const LAYOUT = `${R}/layouts/BaseLayout.astro?astro&type=script&index=0&lang.ts`;

type Node = { imports?: string[]; lazy?: string[]; entry?: boolean };
function graph(nodes: Record<string, Node>) {
  const facts = new Map<string, ModuleFacts>();
  const get = (id: string) => {
    let f = facts.get(id);
    if (!f) {
      f = { importers: [], dynamicImporters: [], importedIds: [], isEntry: false };
      facts.set(id, f);
    }
    return f as { importers: string[]; dynamicImporters: string[]; importedIds: string[]; isEntry: boolean };
  };
  for (const [id, node] of Object.entries(nodes)) {
    const f = get(id);
    f.isEntry = node.entry === true;
    for (const to of node.imports ?? []) {
      f.importedIds.push(to);
      get(to).importers.push(id);
    }
    for (const to of node.lazy ?? []) get(to).dynamicImporters.push(id);
  }
  return { getModuleInfo: (id: string) => facts.get(id) ?? null };
}

const site = graph({
  [LAYOUT]: { entry: true, imports: [`${R}/components/site-shell.ts`] },
  [`${R}/components/site-shell.ts`]: { imports: [`${R}/features/auth/user-menu.ts`, `${R}/i18n/locales.ts`] },
  [`${R}/features/auth/user-menu.ts`]: {
    imports: [`${NM}/nanostores/atom/index.js`],
    lazy: [`${R}/features/messages/unread-badge.ts`],
  },
  [`${R}/features/messages/unread-badge.ts`]: { imports: [`${R}/lib/supabase/live-refresh.ts`] },
  [`${R}/features/community/Feed.tsx`]: {
    entry: true,
    imports: [
      `${R}/components/app/GatedPage.tsx`,
      `${R}/lib/supabase/live-refresh.ts`,
      `${R}/i18n/locales.ts`,
    ],
  },
  [`${R}/features/messages/MessagesApp.tsx`]: {
    entry: true,
    imports: [
      `${R}/components/app/GatedPage.tsx`,
      `${R}/lib/supabase/live-refresh.ts`,
      `${R}/features/messages/model.ts`,
    ],
  },
  [`${R}/features/messages/Thread.tsx`]: {
    entry: true,
    imports: [`${R}/features/messages/model.ts`, `${NM}/react/index.js`],
  },
  [`${R}/components/app/GatedPage.tsx`]: {
    imports: [`${NM}/react/index.js`, `${R}/components/app/States.tsx`],
  },
  [`${R}/components/app/States.tsx`]: { imports: [`${NM}/react/index.js`] },
  [`${NM}/react/index.js`]: { imports: [`${NM}/scheduler/index.js`] },
  [`${R}/pages/cart.astro?astro&type=script&index=0&lang.ts`]: {
    entry: true,
    imports: [`${R}/lib/text/format.ts`],
  },
  [`${R}/features/cart/drawer.ts`]: { entry: true, imports: [`${R}/lib/text/format.ts`] },
  '\0rolldown/runtime.js': {},
});
const groupOf = chunkGroups(site);

describe('chunkGroups', () => {
  it('puts the layout script and everything it imports statically in the shell', () => {
    expect(groupOf(LAYOUT)).toBe('shell');
    expect(groupOf(`${R}/components/site-shell.ts`)).toBe('shell');
    expect(groupOf(`${R}/features/auth/user-menu.ts`)).toBe('shell');
    expect(groupOf(`${NM}/nanostores/atom/index.js`)).toBe('shell');
    // Shared with islands, but every page loads the shell anyway: it stays there.
    expect(groupOf(`${R}/i18n/locales.ts`)).toBe('shell');
    expect(groupOf('\0rolldown/runtime.js')).toBe('shell');
  });

  it("leaves out of the shell a package's part that reaches it only through the package's own entry", () => {
    // The shell imports nanostores' index.js, which re-exports lifecycle; only the cart's
    // persistent store (not in the shell) uses lifecycle, so every page must not carry it.
    const g = chunkGroups(
      graph({
        [LAYOUT]: { entry: true, imports: [`${R}/features/auth/store.ts`] },
        [`${R}/features/auth/store.ts`]: { imports: [`${NM}/nanostores/index.js`] },
        [`${NM}/nanostores/index.js`]: {
          imports: [`${NM}/nanostores/atom/index.js`, `${NM}/nanostores/lifecycle/index.js`],
        },
        [`${NM}/@nanostores/persistent/index.js`]: { imports: [`${NM}/nanostores/index.js`] },
        [`${R}/features/cart/store.ts`]: { entry: true, imports: [`${NM}/@nanostores/persistent/index.js`] },
      }),
    );
    expect(g(`${NM}/nanostores/index.js`)).toBe('shell');
    expect(g(`${NM}/nanostores/lifecycle/index.js`)).toBeNull();
  });

  it("leaves the header's lazy parts out of the shell", () => {
    expect(groupOf(`${R}/features/messages/unread-badge.ts`)).toBeNull();
  });

  it('puts React and shared code that only React islands import in members', () => {
    expect(groupOf(`${NM}/react/index.js`)).toBe('members');
    expect(groupOf(`${NM}/scheduler/index.js`)).toBe('members');
    expect(groupOf(`${R}/components/app/GatedPage.tsx`)).toBe('members');
    expect(groupOf(`${R}/components/app/States.tsx`)).toBe('members');
  });

  it("keeps out of members what a React-free script also loads, a feature's own code, and islands", () => {
    // The header's lazy unread badge loads live-refresh too: members would drag React along.
    expect(groupOf(`${R}/lib/supabase/live-refresh.ts`)).toBeNull();
    // Shared by two message islands, but a feature's own code: only pages of that feature pay.
    expect(groupOf(`${R}/features/messages/model.ts`)).toBeNull();
    // Shared by React-free scripts only.
    expect(groupOf(`${R}/lib/text/format.ts`)).toBeNull();
    expect(groupOf(`${R}/features/community/Feed.tsx`)).toBeNull();
  });
});

describe('module facts', () => {
  it('recognises layout scripts, not layouts themselves or page scripts', () => {
    expect(isLayoutScript(LAYOUT)).toBe(true);
    expect(isLayoutScript(`${R}/layouts/BaseLayout.astro`)).toBe(false);
    expect(isLayoutScript(`${R}/pages/cart.astro?astro&type=script&index=0&lang.ts`)).toBe(false);
  });

  it("knows a package's main file from its other modules", () => {
    expect(isPackageEntry(`${NM}/nanostores/index.js`)).toBe(true);
    expect(isPackageEntry(`${NM}/@nanostores/persistent/index.js`)).toBe(true);
    expect(isPackageEntry(`${NM}/nanostores/atom/index.js`)).toBe(false);
    expect(isPackageEntry(`${R}/index.js`)).toBe(false);
  });

  it('names the package of a node_modules path, scoped or not, innermost first', () => {
    expect(packageOf(`${NM}/react-dom/cjs/react-dom-client.production.js`)).toBe('react-dom');
    expect(packageOf(`${NM}/@supabase/auth-js/dist/module/index.js`)).toBe('@supabase/auth-js');
    expect(packageOf(`${NM}/a/node_modules/scheduler/index.js`)).toBe('scheduler');
    expect(packageOf(`${R}/components/app/mount.ts`)).toBeUndefined();
  });
});
