import type { APIRoute } from 'astro';
import { handleNewsletterSignUp, newsletterDeps, requestMeta } from '~/features/newsletter/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';
import { mailKick, waitUntilOf } from '~/lib/mail/kick.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  handleNewsletterSignUp(
    context.request,
    { ...newsletterDeps(), kick: mailKick({ waitUntil: waitUntilOf(context.locals) }) },
    requestMeta(context),
  );

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['POST']);
