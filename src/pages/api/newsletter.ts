import type { APIRoute } from 'astro';
import { handleNewsletterSignUp } from '~/features/newsletter/handler.ts';
import { newsletterDeps, requestMeta } from '~/features/newsletter/server.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  handleNewsletterSignUp(context.request, newsletterDeps(), requestMeta(context));
