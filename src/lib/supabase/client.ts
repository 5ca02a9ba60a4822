import type { DataClient } from './compose.ts';
import { supabaseAnonKey, supabaseUrl } from './env.ts';

/** The page's data client: `.from()`, `.rpc()`, `.realtime` + `.channel()`, `.storage.from()`, `.auth` (compose.ts). */
export type TypedSupabaseClient = DataClient;

let client: Promise<TypedSupabaseClient> | undefined;
const waiting: Array<(db: TypedSupabaseClient) => void> = [];

/**
 * Calls `use` with the page's client once something on the page has asked for it, without ever
 * loading the data client itself: header widgets go live on pages that load it anyway, and stay
 * cheap (no Supabase code) on pages that do not.
 */
export function whenSupabaseLoaded(use: (db: TypedSupabaseClient) => void): void {
  if (client) void client.then(use, () => undefined);
  else waiting.push(use);
}

/**
 * The one Supabase client of the page. Its parts (auth-js, postgrest-js; realtime-js with the
 * first live use, storage-js with the first upload) are imported on the first call only, so pages
 * that never ask for data never download them. Concurrent first calls share the same promise, so
 * there is never a second client (two would fight over the session storage). Channel openers
 * (live.ts, usePresence.ts) await `db.realtime.setAuth()` first: it loads realtime-js and hands it
 * the member's token, so every join is made as the member.
 */
export function getSupabase(): Promise<TypedSupabaseClient> {
  if (!client) {
    client = import('./compose.ts').then(({ createDataClient }) =>
      createDataClient(supabaseUrl, supabaseAnonKey),
    );
    for (const use of waiting.splice(0)) void client.then(use, () => undefined);
  }
  return client;
}
