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
