/** The admin feature's server entry: endpoint handlers (never imported by browser code). */

export { handleSuspend, handleUnsuspend } from './suspend-handler.ts';

/** The handlers' dependencies in a running server (read at request time, not at build time). */
export function suspendDeps(url: string, anonKey: string) {
  return { url, anonKey, serviceKey: process.env['SUPABASE_SERVICE_ROLE_KEY'] || null };
}
