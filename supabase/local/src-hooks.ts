/**
 * Module hooks for running src/ code under plain node in the local stack (its mail worker):
 * `~/` resolves to src/ (tests/bench/alias-hooks.ts), and a src/ module's `import.meta.env`,
 * which Vite fills at build time, reads process.env instead.
 */
export { resolve } from '../../tests/bench/alias-hooks.ts';

const src = new URL('../../src/', import.meta.url).href;

export async function load(
  url: string,
  context: unknown,
  next: (
    url: string,
    context: unknown,
  ) => Promise<{ format?: string; source?: string | ArrayBuffer | Uint8Array }>,
): Promise<unknown> {
  const result = await next(url, context);
  if (!url.startsWith(src) || result.source === undefined) return result;
  const code = typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
  if (!code.includes('import.meta.env')) return result;
  return { ...result, source: code.replace(/import\.meta\.env\b/g, '(import.meta.env ?? process.env)') };
}
