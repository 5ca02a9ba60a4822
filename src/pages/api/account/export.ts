import type { APIRoute } from 'astro';
import { handleExport } from '~/features/privacy/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';

export const prerender = false;

export const POST: APIRoute = ({ request }) =>
  handleExport(request, { url: supabaseUrl, anonKey: supabaseAnonKey });

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['POST']);
