import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadEnv } from 'vite';
import { headersFile, inlineScriptHashes, type PolicyOptions, securityHeaders } from '../security-headers.ts';
import { htmlFiles } from './critical-css.ts';
import { handlerCount, type PagePolicy, takePolicy } from './page-policy.ts';

/** The Supabase URL the islands use when PUBLIC_SUPABASE_URL is unset (src/lib/supabase/env.ts). */
const LOCAL_SUPABASE = 'http://127.0.0.1:54321';

/**
 * The hashes of every inline script the static pages under `dir` run, read from the pages as
 * they are written (after critical-css.ts has added its loader and lazy-sheet scripts), and how
 * many inline event handlers they still have (the CSP blocks those).
 */
async function staticPolicy(dir: string): Promise<PagePolicy> {
  // Collected by criticalCss() as it wrote the pages, unless it did not run in this build.
  const collected = takePolicy(dir);
  if (collected) return collected;
  const files = await htmlFiles(dir);
  const hashes = new Set<string>();
  let handlers = 0;
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const html = await readFile(files[next++] as string, 'utf8');
      for (const hash of inlineScriptHashes(html)) hashes.add(hash);
      handlers += handlerCount(html);
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  return { hashes: [...hashes].sort(), pages: files.length, handlers };
}

/**
 * Writes `<dir>/_headers`: one site-wide rule with every security header and a CSP listing the
 * union of the pages' inline script hashes (a handful: the language redirect, the module loader,
 * the lazy-sheet script, small inlined modules). Netlify applies it to the static files;
 * scripts/serve.ts applies the same file for the node build. Whatever is in the file already
 * (an adapter's rules) is kept before it.
 */
async function writeHeadersFile(dir: string, options: Omit<PolicyOptions, 'scriptHashes'>) {
  const policy = await staticPolicy(dir);
  const file = join(dir, '_headers');
  const existing = await readFile(file, 'utf8').catch(() => '');
  const rules = headersFile([
    { path: '/*', headers: securityHeaders({ ...options, scriptHashes: policy.hashes }) },
  ]);
  await writeFile(file, existing ? `${existing.trimEnd()}\n\n${rules}` : rules);
  return policy;
}

/** The Astro integration; listed after criticalCss() so it hashes the rewritten pages. */
export function securityHeadersFile(): AstroIntegration {
  let site: string | undefined;
  let root = process.cwd();
  return {
    name: 'security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        site = config.site;
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const env = loadEnv('production', root, '');
        const { hashes, pages, handlers } = await writeHeadersFile(fileURLToPath(dir), {
          supabaseUrl: env['PUBLIC_SUPABASE_URL'] || LOCAL_SUPABASE,
          shopifyDomain: env['SHOPIFY_STORE_DOMAIN'],
          production: site?.startsWith('https:') ?? false,
        });
        logger.info(`_headers written: ${hashes.length} inline script hashes from ${pages} pages`);
        if (handlers > 0) {
          logger.warn(
            `${handlers} inline event handlers in the pages: the Content-Security-Policy blocks them`,
          );
        }
      },
    },
  };
}
