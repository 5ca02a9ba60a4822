import type { APIRoute } from 'astro';
import { handleCheckout } from '~/features/checkout/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';

export const prerender = false;

export const POST: APIRoute = ({ request }) => handleCheckout(request);

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['POST']);
