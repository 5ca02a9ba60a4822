import type { APIRoute } from 'astro';
import { handleContact } from '~/features/contact/handler.ts';

export const prerender = false;

export const POST: APIRoute = ({ request }) => handleContact(request);
