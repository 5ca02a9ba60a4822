/**
 * Netlify's counterpart of scripts/serve.ts for old filter links: the listing pages are static
 * files, served before any function, so an edge function answers an old, language-specific
 * filter link with a 308 to its language-neutral address (src/features/shop/listing/legacy-filters.ts)
 * before the file. The handles come from the build's /shop-filter-handles.json, read once per
 * instance. Addresses without option filters pass through untouched.
 */
import { type FilterHandles, legacyFilterLocation } from '../../src/features/shop/listing/legacy-filters.ts';

let handles: Promise<FilterHandles> | undefined;

export default async (request: Request): Promise<Response | undefined> => {
  const url = new URL(request.url);
  if (!url.search.includes('filter.v.option.')) return undefined;
  handles ??= fetch(new URL('/shop-filter-handles.json', url)).then((r) =>
    r.ok ? (r.json() as Promise<FilterHandles>) : {},
  );
  const location = legacyFilterLocation(url.pathname, url.search, await handles);
  return location ? new Response(null, { status: 308, headers: { location } }) : undefined;
};

export const config = {
  path: ['/shop', '/shop/*', '/en/shop', '/en/shop/*', '/de/shop', '/de/shop/*'],
};
