import type { APIRoute } from 'astro';
import { filterHandles } from '~/lib/storefront/filter-handles.ts';

/**
 * The shop's option handles with their names and value labels in every language, written at
 * build time: the redirect of old filter links reads it (src/features/shop/listing/legacy-filters.ts).
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await filterHandles()), { headers: { 'Content-Type': 'application/json' } });
