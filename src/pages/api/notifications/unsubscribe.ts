import type { APIRoute } from 'astro';
import { handleOneClickUnsubscribe } from '~/features/notifications/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';

export const prerender = false;

/** RFC 8058 one-click unsubscribe of one notification topic: the List-Unsubscribe target. */
export const POST: APIRoute = (context) => handleOneClickUnsubscribe(context.request);

// Any other method: a JSON 405 (a GET never unsubscribes: mail scanners prefetch links).
export const ALL: APIRoute = () => methodNotAllowed(['POST']);
