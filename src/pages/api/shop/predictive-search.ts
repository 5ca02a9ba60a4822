import type { APIRoute } from 'astro';
import { handlePredictiveSearch } from '~/features/search/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';

export const prerender = false;

export const GET: APIRoute = ({ url }) => handlePredictiveSearch(url);

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['GET']);
