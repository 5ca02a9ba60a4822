import type { APIRoute } from 'astro';
import { handleOneClickUnsubscribe, newsletterDeps, requestMeta } from '~/features/newsletter/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';

export const prerender = false;

/** RFC 8058 one-click unsubscribe, the target of the List-Unsubscribe header. */
export const POST: APIRoute = (context) =>
  handleOneClickUnsubscribe(context.request, newsletterDeps(), requestMeta(context));

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['POST']);
