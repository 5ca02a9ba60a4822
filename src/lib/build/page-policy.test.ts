import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inlineHandlerCount } from '../security-headers.ts';
import { criticalCss } from './critical-css.ts';
import { handlerCount } from './page-policy.ts';
import { securityHeadersFile } from './security-headers.ts';

describe('inline event handlers in a built page', () => {
  it('are counted as the full scan counts them, however the attribute is written', () => {
    const pages = [
      '<p>no handlers, only "onion = soup" in a word</p><a href="/on">on</a>',
      '<img src="x" onerror="f()">',
      '<body ONLOAD = "f()"><button\tonclick="g()">x</button>',
      '<div\nonmouseover=\'h()\' class="a"></div><svg><rect onclick=i()></rect></svg>',
      '<p>x</p>',
    ];
    const counts = pages.map(handlerCount);
    expect(counts).toEqual(pages.map(inlineHandlerCount));
    expect(counts).toEqual([0, 1, 2, 2, 0]);
  });
});

type Hooks = Record<string, (options: unknown) => Promise<void> | void>;
const silent = { info() {}, warn() {}, error() {} };

/** Runs the build's last two steps on `dir` as Astro does; `withCss` false: the headers step alone. */
async function finish(dir: string, withCss: boolean): Promise<string> {
  const config = { site: 'https://chosenones.example', root: pathToFileURL(`${dir}/`) };
  const url = pathToFileURL(`${dir}/`);
  if (withCss) await (criticalCss().hooks as Hooks)['astro:build:done']?.({ dir: url, logger: silent });
  const headers = securityHeadersFile().hooks as Hooks;
  await headers['astro:config:done']?.({ config });
  await headers['astro:build:done']?.({ dir: url, logger: silent });
  return readFile(join(dir, '_headers'), 'utf8');
}

describe('the security headers after critical CSS', () => {
  it('list the inline scripts of the pages as written, from what the critical-CSS step collected', async () => {
    const site = await mkdtemp(join(tmpdir(), 'page-policy-'));
    await mkdir(join(site, '_astro'));
    await writeFile(join(site, '_astro', 'site.css'), '.a{color:red}.b{color:blue}');
    await writeFile(join(site, '_astro', 'app.js'), 'document.body.className="b";');
    const pages = {
      'index.html':
        '<html><head><link rel="stylesheet" href="/_astro/site.css"></head><body class="a"><script>one()</script></body></html>',
      'app/index.html':
        '<html><head><link rel="stylesheet" href="/_astro/site.css"></head><body><script type="module" src="/_astro/app.js"></script></body></html>',
      'plain/index.html':
        '<html><head></head><body onload="x()"><script type="module">two()</script></body></html>',
    };
    for (const [path, html] of Object.entries(pages)) {
      await mkdir(join(site, path, '..'), { recursive: true });
      await writeFile(join(site, path), html);
    }
    const collected = await mkdtemp(join(tmpdir(), 'page-policy-collected-'));
    await cp(site, collected, { recursive: true });
    const headers = await finish(collected, true);
    // The same pages, rewritten the same way, then read back by the headers step itself.
    const scanned = await mkdtemp(join(tmpdir(), 'page-policy-scanned-'));
    await cp(collected, scanned, { recursive: true });
    await writeFile(join(scanned, '_headers'), '');
    expect(headers).toBe(await finish(scanned, false));
    // Three inline scripts: the two of the pages and the module loader the critical-CSS step
    // added to the page with a module script.
    expect(headers.match(/'sha256-[^']+'/g)).toHaveLength(3);
  });
});
