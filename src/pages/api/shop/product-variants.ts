import type { APIRoute } from 'astro';
import { handleQuickAdd } from '~/features/shop/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';

export const prerender = false;

export const GET: APIRoute = ({ url }) => handleQuickAdd(url);

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['GET']);
