import type { APIRoute } from 'astro';
import { handleConnectStart } from '~/features/timeline-alchemy/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';
import { siteOrigin } from '~/lib/site.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';

export const prerender = false;

export const POST: APIRoute = ({ request }) =>
  handleConnectStart(request, {
    url: supabaseUrl,
    anonKey: supabaseAnonKey,
    serviceKey: process.env['SUPABASE_SERVICE_ROLE_KEY'],
    origin: siteOrigin(),
  });

export const ALL: APIRoute = () => methodNotAllowed(['POST']);
