import type { APIRoute } from 'astro';
import { handleReview, reviewLinkSecret } from '~/features/timeline-alchemy/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';

export const prerender = false;

export const POST: APIRoute = ({ request }) =>
  handleReview(request, {
    url: supabaseUrl,
    anonKey: supabaseAnonKey,
    secret: reviewLinkSecret(supabaseUrl),
  });

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['POST']);
