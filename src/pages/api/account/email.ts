import type { APIRoute } from 'astro';
import { emailChangeDeps, handleEmailChange } from '~/features/account/server.ts';
import { methodNotAllowed } from '~/lib/http/json.ts';
import { mailKick, waitUntilOf } from '~/lib/mail/kick.ts';
import { supabaseAnonKey, supabaseUrl } from '~/lib/supabase/env.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  handleEmailChange(context.request, {
    ...emailChangeDeps(supabaseUrl, supabaseAnonKey),
    kick: mailKick({ waitUntil: waitUntilOf(context.locals) }),
    waitUntil: waitUntilOf(context.locals),
  });

// Any other method: a JSON 405, not Astro's HTML 404.
export const ALL: APIRoute = () => methodNotAllowed(['POST']);
