/** Resolves the `~/` alias (src/) for benchmarks run by plain node, as Vite does for the site. */
export async function resolve(
  specifier: string,
  context: unknown,
  next: (specifier: string, context: unknown) => Promise<unknown>,
): Promise<unknown> {
  if (specifier.startsWith('~/')) {
    return next(new URL(`../../src/${specifier.slice(2)}`, import.meta.url).href, context);
  }
  return next(specifier, context);
}

/** Vite's `import.meta.env` under plain node: the process environment (src/ modules read it at load). */
export async function load(
  url: string,
  context: unknown,
  next: (
    url: string,
    context: unknown,
  ) => Promise<{ source?: string | ArrayBuffer | Uint8Array; format?: string }>,
): Promise<unknown> {
  const result = await next(url, context);
  if (
    !url.includes('/src/') ||
    result.source == null ||
    (typeof result.source === 'object' &&
      !ArrayBuffer.isView(result.source) &&
      !(result.source instanceof ArrayBuffer))
  )
    return result;
  const text = typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
  if (!text.includes('import.meta.env')) return result;
  return { ...result, source: text.replaceAll('import.meta.env', 'process.env') };
}
