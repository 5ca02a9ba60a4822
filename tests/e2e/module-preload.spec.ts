import type { APIRequestContext } from '@playwright/test';
import { init, parse } from 'es-module-lexer';
import { type Member, newMember } from './community-helpers.ts';
import { expect, test } from './fixtures.ts';
import { storeSession } from './member-helpers.ts';

/*
 * A page names every chunk its module scripts import statically at once, so the browser does not
 * find them one level at a time (src/lib/build/module-preload.ts, issue 26); what only `import()`
 * reaches stays lazy, but for one thing on a gated page: the data client, which its gate imports
 * the moment its code runs. The expected set is worked out here from the served files themselves
 * (their import statements), not from the build's graph.
 */

const DATA_CLIENT = /supabase-js(?:-parts)?\/\d/;

type Imports = { static: string[]; dynamic: string[]; code: string };

async function importsOf(request: APIRequestContext, path: string): Promise<Imports> {
  await init;
  const code = await (await request.get(path)).text();
  const [found] = parse(code);
  const resolve = (s: string) => new URL(s, `http://site${path}`).pathname;
  return {
    code,
    static: found.flatMap((i) => (i.type === 'static' && i.specifier ? [resolve(i.specifier)] : [])),
    dynamic: found.flatMap((i) => (i.type === 'dynamic' && i.specifier ? [resolve(i.specifier)] : [])),
  };
}

/** The page's module scripts, what they import statically (without them) and what only import() reaches. */
async function expected(request: APIRequestContext, entries: string[]) {
  const seen = new Set(entries);
  const statics: string[] = [];
  const dynamic = new Set<string>();
  const codes = new Map<string, string>();
  const queue = [...entries];
  while (queue.length) {
    const file = await importsOf(request, queue.shift() as string);
    for (const d of file.dynamic) dynamic.add(d);
    for (const s of file.static) {
      if (seen.has(s)) continue;
      seen.add(s);
      statics.push(s);
      queue.push(s);
    }
  }
  // The lazy chunks, and what they import, that the page's static graph does not hold.
  const lazy = [...dynamic].filter((d) => !seen.has(d));
  for (let i = 0; i < lazy.length; i++) {
    const file = await importsOf(request, lazy[i] as string);
    codes.set(lazy[i] as string, file.code);
    for (const next of [...file.static, ...file.dynamic])
      if (!seen.has(next) && !lazy.includes(next)) lazy.push(next);
  }
  return { statics, lazy, codes };
}

const moduleScripts = (html: string) =>
  [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1] as string);

let member: Member;
let other: Member;
test.beforeAll(async () => {
  member = await newMember('Preload Reader');
  other = await newMember('Preload Friend');
});
test.setTimeout(90_000);

for (const path of ['/en/community', 'thread']) {
  test(`a signed-in page preloads every chunk its scripts import statically and the data client, no other lazy one: ${path}`, async ({
    page,
  }) => {
    const address = path === 'thread' ? `/en/messages/${other.id}` : path;
    await storeSession(page, member.email);
    const html = await (await page.request.get(address)).text();
    const entries = moduleScripts(html);
    expect(entries.length).toBeGreaterThan(0);
    const { statics, lazy, codes } = await expected(page.request, entries);
    // The data client is imported with import() (it stays out of the pages that never ask for
    // data), and a gated page preloads it with its own chunks, with what it imports statically.
    const client = [...codes.keys()].filter((file) => DATA_CLIENT.test(codes.get(file) ?? ''));
    expect(client).toHaveLength(1);
    const { statics: clientImports } = await expected(page.request, client);
    const withClient = [
      ...new Set([...statics, ...client, ...clientImports.filter((file) => !entries.includes(file))]),
    ];

    await page.goto(address);
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('head link[rel=modulepreload]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    expect(preloaded.toSorted()).toEqual(withClient.toSorted());
    // Nothing else that only import() reaches (the header's lazy parts, realtime, storage).
    expect(preloaded.filter((p) => lazy.includes(p) && !withClient.includes(p))).toEqual([]);
    expect(lazy.filter((p) => !withClient.includes(p)).length).toBeGreaterThan(0);
  });
}

test('a content page starts its scripts and their static imports together, none of the members’ code', async ({
  page,
}) => {
  const html = await (await page.request.get('/en/about')).text();
  const list = JSON.parse(
    (/data-defer-modules='([^']+)'/.exec(html)?.[1] ?? '[]')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&'),
  ) as string[];
  // Astro names a component's script after it (`About.astro_astro_type_script_index_0_lang.*.js`).
  const entries = list.filter((src) => src.includes('astro_type_script'));
  expect(entries.length).toBeGreaterThan(0);
  const { statics } = await expected(page.request, entries);
  expect(list).toEqual([...entries, ...statics]);
  // React and the shared code of the signed-in pages (the `members` chunk), the data client.
  expect(list.filter((src) => /\/members\.[\w-]+\.js$/.test(src))).toEqual([]);
  for (const src of list) expect(DATA_CLIENT.test(await (await page.request.get(src)).text())).toBe(false);
});
