import type { APIRoute } from 'astro';
import { handleCheckout } from '~/features/checkout/handler.ts';

export const prerender = false;

export const POST: APIRoute = ({ request }) => handleCheckout(request);
