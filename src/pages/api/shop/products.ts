import type { APIRoute } from 'astro';
import { handleListing } from '~/features/shop/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';

export const prerender = false;

/** One page of /shop or a collection, filtered and sorted (the listing script's data). */
export const GET: APIRoute = ({ url }) => handleListing(url);

export const ALL: APIRoute = () => methodNotAllowed(['GET']);
