import type { APIRoute } from 'astro';
import { handleContact, supabaseContactStore } from '~/features/contact/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';

export const prerender = false;

const store = supabaseContactStore(supabaseUrl, supabaseAnonKey);

export const POST: APIRoute = ({ request }) => handleContact(request, store);

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['POST']);
