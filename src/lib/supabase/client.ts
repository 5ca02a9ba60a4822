import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { supabaseAnonKey, supabaseUrl } from './env.ts';

export type TypedSupabaseClient = SupabaseClient<Database>;

let client: Promise<TypedSupabaseClient> | undefined;

/**
 * The one Supabase client of the page. supabase-js (~55 KB gz) is imported on the first call
 * only, so pages that never ask for data never download it. Concurrent first calls share the
 * same promise, so there is never a second client (two would fight over the session storage).
 */
export function getSupabase(): Promise<TypedSupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient<Database>(supabaseUrl, supabaseAnonKey),
  );
  return client;
}
