import type { APIRoute } from 'astro';
import { handleOneClickUnsubscribe } from '~/features/newsletter/handler.ts';
import { newsletterDeps, requestMeta } from '~/features/newsletter/server.ts';

export const prerender = false;

/** RFC 8058 one-click unsubscribe, the target of the List-Unsubscribe header. */
export const POST: APIRoute = (context) =>
  handleOneClickUnsubscribe(context.request, newsletterDeps(), requestMeta(context));
