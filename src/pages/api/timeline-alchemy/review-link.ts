import type { APIRoute } from 'astro';
import { handleReviewLink, reviewLinkSecret } from '~/features/timeline-alchemy/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';
import { mailKick, waitUntilOf } from '~/lib/mail/kick.ts';
import { siteOrigin } from '~/lib/site.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';

export const prerender = false;

export const POST: APIRoute = ({ request, locals }) =>
  handleReviewLink(request, {
    kick: mailKick({ waitUntil: waitUntilOf(locals) }),
    url: supabaseUrl,
    anonKey: supabaseAnonKey,
    origin: siteOrigin(),
    secret: reviewLinkSecret(supabaseUrl),
  });

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['POST']);
