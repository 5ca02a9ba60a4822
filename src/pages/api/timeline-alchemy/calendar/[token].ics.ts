import type { APIRoute } from 'astro';
import { handleCalendarFeed } from '~/features/timeline-alchemy/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';
import { siteOrigin } from '~/lib/site.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';

export const prerender = false;

export const GET: APIRoute = ({ params }) =>
  handleCalendarFeed(params?.['token'], { url: supabaseUrl, anonKey: supabaseAnonKey, origin: siteOrigin() });

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['GET']);
