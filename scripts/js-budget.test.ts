import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetFor, findEagerScripts, measurePage, SIGNED_IN_BUDGET } from './js-budget.ts';

describe('findEagerScripts', () => {
  it('counts scripts, modulepreloads and islands hydrated on load or idle, not on visible', () => {
    const html = `
      <script>inline()</script>
      <script type="application/ld+json">{"@type":"Thing"}</script>
      <script type="module" src="/_astro/page.js"></script>
      <link rel="modulepreload" href="/_astro/pre.js">
      <astro-island client="load" component-url="/_astro/A.js" renderer-url="/_astro/client.js"></astro-island>
      <astro-island client="idle" component-url="/_astro/B.js" renderer-url="/_astro/client.js"></astro-island>
      <astro-island client="visible" component-url="/_astro/C.js" renderer-url="/_astro/client.js"></astro-island>`;
    const found = findEagerScripts(html);
    expect(found.inline).toEqual(['inline()']);
    expect(found.external).toEqual([
      '/_astro/page.js',
      '/_astro/pre.js',
      '/_astro/A.js',
      '/_astro/client.js',
      '/_astro/B.js',
      '/_astro/client.js',
    ]);
  });
});

describe('measurePage', () => {
  it('follows static imports once each and ignores dynamic imports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'budget-'));
    mkdirSync(join(dir, '_astro'));
    const big = 'x'.repeat(1000);
    writeFileSync(
      join(dir, '_astro', 'page.js'),
      `import "./a.js";import{b}from"./b.js";import("./lazy.js");`,
    );
    writeFileSync(join(dir, '_astro', 'a.js'), `import "./b.js";export const a=1;`);
    writeFileSync(join(dir, '_astro', 'b.js'), `export const b="${big}";`);
    writeFileSync(join(dir, '_astro', 'lazy.js'), `export const lazy=1;`);
    const report = await measurePage('/x/', '<script type="module" src="/_astro/page.js"></script>', dir);
    expect(report.files.sort()).toEqual(['/_astro/a.js', '/_astro/b.js', '/_astro/page.js']);
    expect(report.bytes).toBeGreaterThan(0);
  });
});

describe('budgetFor', () => {
  it('applies the budgets of ARCHITECTURE.md by page', () => {
    expect(budgetFor('/').budget).toBe(8_000);
    expect(budgetFor('/en/blog/ego-to-eden/x/').budget).toBe(8_000);
    expect(budgetFor('/de/shop/collection/alle-kleding/').budget).toBe(35_000);
    expect(budgetFor('/product/hoodie/').budget).toBe(35_000);
    expect(budgetFor('/en/cart/').budget).toBe(80_000);
    expect(budgetFor('/community/').budget).toBe(SIGNED_IN_BUDGET);
    expect(budgetFor('/de/account/').budget).toBe(SIGNED_IN_BUDGET);
    expect(budgetFor('/de/messages/').budget).toBe(SIGNED_IN_BUDGET);
    expect(budgetFor('/en/user/').budget).toBe(SIGNED_IN_BUDGET);
    expect(budgetFor('/newsletter/admin/').budget).toBe(SIGNED_IN_BUDGET);
    expect(budgetFor('/timeline-alchemy/admin/dashboard/').budget).toBe(180_000);
    expect(budgetFor('/en/auth/').budget).toBe(82_000);
    expect(budgetFor('/communityguidelines/').budget).toBe(8_000);
    expect(budgetFor('/shopping-guide/').budget).toBe(8_000);
  });
});

describe('measurePage: what signed-in pages load right after hydration', () => {
  it('counts the dynamic-import chain to supabase-js on gated pages, not on content pages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'budget-'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, '_astro', 'island.js'), 'import("./client.js");import("./rare.js");');
    writeFileSync(join(dir, '_astro', 'client.js'), 'import "./env.js";import(`./sb.js`);');
    writeFileSync(join(dir, '_astro', 'env.js'), 'export const url="x";');
    writeFileSync(
      join(dir, '_astro', 'sb.js'),
      `import "./sb-part.js";const i="supabase-js-parts/2.119.1",h={headers:{"X-Client-Info":i}};const rt=()=>import("./realtime.js");`,
    );
    // What the data client imports on first live use (realtime-js) is not part of the first screen.
    writeFileSync(join(dir, '_astro', 'realtime.js'), 'export const RealtimeClient=1;');
    writeFileSync(join(dir, '_astro', 'sb-part.js'), `export const realtime="${'y'.repeat(500)}";`);
    writeFileSync(join(dir, '_astro', 'rare.js'), 'export const onlyOnClick=1;');
    const html = '<script type="module" src="/_astro/island.js"></script>';
    const gated = await measurePage('/messages/', html, dir);
    expect(gated.files.sort()).toEqual([
      '/_astro/client.js',
      '/_astro/env.js',
      '/_astro/island.js',
      '/_astro/sb-part.js',
      '/_astro/sb.js',
    ]);
    const content = await measurePage('/about/', html, dir);
    expect(content.files).toEqual(['/_astro/island.js']);
    expect(gated.bytes).toBeGreaterThan(content.bytes);
  });
});
