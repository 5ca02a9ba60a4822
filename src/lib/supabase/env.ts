/**
 * Where the browser finds Supabase. Unset variables mean the local stack with the Supabase CLI's
 * public demo anon key, so a fresh clone runs without configuration. Only the anon key is ever
 * shipped; everything it can do is bounded by row-level security.
 */
export const supabaseUrl: string = import.meta.env.PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321';
export const supabaseAnonKey: string =
  import.meta.env.PUBLIC_SUPABASE_ANON_KEY ||
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The localStorage key supabase-js keeps its session under by default (`sb-<ref>-auth-token`). */
export function authStorageKey(url: string = supabaseUrl): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}
