/*
 * Results of storefront read operations are remembered per process, so a build that renders
 * thousands of pages asks the store once per language, not once per page.
 */
const cache = new Map<string, Promise<unknown>>();

/** The remembered result for a key, or the loaded one; a failed load is forgotten so the next caller retries. */
export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

/** Forgets every remembered result (tests). */
export function clearStorefrontCache(): void {
  cache.clear();
}
