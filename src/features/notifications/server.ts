/** The notifications feature's public entry: server-only code for endpoints and pages (never imported by browser code). */
import type { Locale } from '~/i18n/locales.ts';
import { messagesWithPrefix } from '~/i18n/t.ts';

export { handleOneClickUnsubscribe, unsubscribeTopic } from './unsubscribe.ts';

/** The texts the bell's panel shows, served as /texts/notifications.json (fetched on first open). */
export function notificationPanelMessages(lang: Locale): Record<string, string> {
  return messagesWithPrefix(lang, 'notifications.');
}
