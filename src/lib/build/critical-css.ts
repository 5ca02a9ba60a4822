import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import Beasties from 'beasties';

/*
 * No render-blocking request on the first screen: after the build, each page gets the rules of
 * the one stylesheet that its own HTML uses inlined in <head>, and the whole stylesheet loads
 * without blocking (media swap, with a <noscript> link for browsers without JavaScript). Content
 * that scripts add later (drawer, toasts, placeholders) is styled by the full sheet by then.
 */

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** Inlines critical CSS into every HTML file under `dir` (the static output); returns the count. */
export async function inlineCriticalCss(dir: string): Promise<number> {
  const beasties = new Beasties({
    path: dir,
    publicPath: '/',
    preload: 'media',
    noscriptFallback: true,
    pruneSource: false,
    inlineFonts: false,
    preloadFonts: false,
    compress: true,
    logLevel: 'error',
    // Tailwind writes space-y/divide as `:where(.x > :not(:last-child))`, which the selector
    // matcher skips; without them the first paint would shift when the full sheet arrives.
    allowRules: [/^:where\(\.(space|divide)-/],
  });
  const files = await htmlFiles(dir);
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    if (!html.includes('rel="stylesheet"')) continue;
    await writeFile(file, await beasties.process(html));
  }
  return files.length;
}

/** The Astro integration: runs after every build, for both adapters. */
export function criticalCss(): AstroIntegration {
  return {
    name: 'critical-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const count = await inlineCriticalCss(fileURLToPath(dir));
        logger.info(`critical CSS inlined in ${count} pages`);
      },
    },
  };
}
