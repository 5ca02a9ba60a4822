import fs from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { criticalCss, inlineCriticalCss } from './critical-css.ts';
import { startPipeline } from './critical-css-pipeline.ts';
import { moduleLoader } from './module-loader.ts';
import { takePolicy } from './page-policy.ts';

const SHEET =
  '.flex{display:flex}.hidden{display:none}.x{color:red}.drawer-open{overflow:hidden}h1{margin:0}';
const page = (i: number, sheet = '/_astro/site.css') =>
  `<!DOCTYPE html><html lang="en"><head><title>p${i}</title><link rel="stylesheet" href="${sheet}"></head>` +
  `<body><h1 class="${i % 2 ? 'hidden' : 'x'}">Page ${i}</h1>` +
  `${i % 3 ? '<script type="module" src="/_astro/app.js"></script>' : ''}</body></html>\n`;

/**
 * A build's output as Astro leaves it while prerendering: the scripts in the client folder, the
 * prerendered pages' stylesheet still in the server folder's `.prerender/`.
 */
async function output() {
  const root = await mkdtemp(join(tmpdir(), 'pipeline-'));
  const client = join(root, 'client');
  const server = join(root, 'server');
  await mkdir(join(client, '_astro'), { recursive: true });
  await mkdir(join(server, '.prerender', '_astro'), { recursive: true });
  await writeFile(join(client, '_astro', 'app.js'), 'el.className="drawer-open flex";');
  await writeFile(join(server, '.prerender', '_astro', 'site.css'), SHEET);
  return { root, client, server };
}

/** Astro's page writer, as it writes (through `fs.promises.writeFile`, looked up at call time). */
async function astroWrites(file: string, html: string | Uint8Array) {
  await fs.promises.mkdir(join(file, '..'), { recursive: true });
  await fs.promises.writeFile(pathToFileURL(file), html);
}

/** What the step after the build alone makes of the same pages (the sheet moved in, as Astro does). */
async function afterTheBuildOnly(site: { client: string }, pages: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'pipeline-ref-'));
  await cp(join(site.client, '_astro'), join(dir, '_astro'), { recursive: true });
  await writeFile(join(dir, '_astro', 'site.css'), SHEET);
  for (const [name, html] of Object.entries(pages)) {
    await mkdir(join(dir, name), { recursive: true });
    await writeFile(join(dir, name, 'index.html'), html);
  }
  const result = await inlineCriticalCss(dir, { threads: 1 });
  return { dir, result };
}

describe('critical CSS while the pages are rendered', () => {
  it('writes each page Astro hands over once, rewritten as the step after the build would, and hands back the writer', async () => {
    const site = await output();
    const original = fs.promises.writeFile;
    const pipeline = startPipeline({
      dir: site.client,
      sheetDirs: [join(site.server, '.prerender')],
      loader: moduleLoader(),
    });
    expect(fs.promises.writeFile).not.toBe(original);
    const pages = { p0: page(0), p1: page(1), p2: page(2) };
    // As text and as UTF-8 bytes (Astro hands over either).
    for (const [name, html] of Object.entries(pages))
      await astroWrites(join(site.client, name, 'index.html'), name === 'p2' ? Buffer.from(html) : html);
    // A sheet nobody has, a file outside the client output, and a file that is not a page.
    await fs.promises.writeFile(join(site.client, 'data.json'), '{}');
    await astroWrites(join(site.client, 'gone', 'index.html'), page(4, '/_astro/missing.css'));
    await astroWrites(join(site.server, 'other', 'index.html'), page(5));
    const result = await pipeline.finish();
    expect(fs.promises.writeFile).toBe(original);

    expect(result.done.map((f) => f.slice(site.client.length)).sort()).toEqual([
      '/p0/index.html',
      '/p1/index.html',
      '/p2/index.html',
    ]);
    const reference = await afterTheBuildOnly(site, pages);
    for (const name of Object.keys(pages)) {
      const [ours, theirs] = await Promise.all(
        [site.client, reference.dir].map((d) => readFile(join(d, name, 'index.html'), 'utf8')),
      );
      expect(ours).toContain('<style>');
      expect(ours, name).toBe(theirs);
    }
    expect(result.changed).toBe(3);
    expect(result.policy).toEqual(reference.result.policy);
    // What it did not rewrite is written as Astro made it, for the step after the build.
    expect(await readFile(join(site.client, 'data.json'), 'utf8')).toBe('{}');
    expect(await readFile(join(site.client, 'gone', 'index.html'), 'utf8')).toBe(
      page(4, '/_astro/missing.css'),
    );
    expect(await readFile(join(site.server, 'other', 'index.html'), 'utf8')).toBe(page(5));
  });

  it('the integration: every page once, the same site and policy as the step after the build alone', async () => {
    const site = await output();
    const integration = criticalCss();
    const hooks = integration.hooks as Record<string, (params: unknown) => unknown>;
    const logged: string[] = [];
    const logger = { info: (line: string) => logged.push(line) };
    await hooks['astro:config:done']?.({
      config: {
        outDir: pathToFileURL(`${site.root}/`),
        build: { client: pathToFileURL(`${site.client}/`), server: pathToFileURL(`${site.server}/`) },
      },
      buildOutput: 'server',
    });
    await hooks['astro:build:ssr']?.({});
    const pages: Record<string, string> = {};
    for (let i = 0; i < 6; i++) pages[`p${i}`] = page(i);
    for (const [name, html] of Object.entries(pages))
      await astroWrites(join(site.client, name, 'index.html'), html);
    await hooks['astro:build:generated']?.({});
    // Written after prerendering (the thread never sees it); then Astro moves the CSS in.
    pages['late'] = page(7);
    await mkdir(join(site.client, 'late'));
    await writeFile(join(site.client, 'late', 'index.html'), pages['late']);
    await writeFile(join(site.client, '_astro', 'site.css'), SHEET);
    await hooks['astro:build:done']?.({ dir: pathToFileURL(`${site.client}/`), logger });

    const reference = await afterTheBuildOnly(site, pages);
    for (const name of Object.keys(pages)) {
      const [ours, theirs] = await Promise.all(
        [site.client, reference.dir].map((d) => readFile(join(d, name, 'index.html'), 'utf8')),
      );
      expect(ours, name).toBe(theirs);
    }
    expect(takePolicy(`${site.client}/`)).toEqual(reference.result.policy);
    expect(logged).toEqual([
      expect.stringMatching(/^critical CSS inlined in 7 pages \(6 while rendering; 1 after it/),
    ]);
  });

  it('a failed thread fails the build: a writer waiting for room hears of it, and finish rejects', async () => {
    const site = await output();
    const failing = join(site.root, 'failing-thread.mjs');
    // Takes the pages and never answers, then fails.
    await writeFile(failing, 'setTimeout(() => { throw new Error("thread failed"); }, 300);');
    const original = fs.promises.writeFile;
    const pipeline = startPipeline({
      dir: site.client,
      sheetDirs: [join(site.server, '.prerender')],
      loader: moduleLoader(),
      threadModule: pathToFileURL(failing),
    });
    // 256 pages wait for the thread at most; the next writer waits for room, until the failure.
    const writes = Array.from({ length: 257 }, (_, i) =>
      fs.promises.writeFile(join(site.client, `p${i}.html`), page(i)).then(
        () => 'handed over',
        (error: Error) => error.message,
      ),
    );
    const outcomes = await Promise.all(writes);
    expect(outcomes.slice(0, 256).every((o) => o === 'handed over')).toBe(true);
    expect(outcomes[256]).toBe('thread failed');
    await expect(pipeline.finish()).rejects.toThrow('thread failed');
    expect(fs.promises.writeFile).toBe(original);
  });
});
