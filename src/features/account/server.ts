/** The account feature's server entry: the e-mail-change endpoint (src/pages/api/account/email.ts). */
import { siteOrigin } from '~/lib/site.ts';
import type { EmailChangeDeps } from './email-change-handler.ts';

export { handleEmailChange } from './email-change-handler.ts';

/** The handler's dependencies in a running server (read at request time, not at build time). */
export function emailChangeDeps(url: string, anonKey: string): EmailChangeDeps {
  return { url, anonKey, serviceKey: process.env['SUPABASE_SERVICE_ROLE_KEY'] || null, origin: siteOrigin() };
}
