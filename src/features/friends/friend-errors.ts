import type { MessageKey } from '~/i18n/bind.ts';
import { toErrorCode } from '~/lib/supabase/errors.ts';
import type { FriendAction } from './friends-data.ts';

// Loaded only when a friendship action failed (with the error mapping it needs).
const ERROR_KEY: Record<FriendAction, MessageKey> = {
  send: 'friends.error.send',
  accept: 'friends.error.accept',
  decline: 'friends.error.decline',
  remove: 'friends.error.remove',
  cancel: 'friends.error.remove',
};

/** The translated title and detail keys for a failed friendship action. */
export function friendErrorKeys(
  action: FriendAction,
  error: unknown,
): { title: MessageKey; detail?: MessageKey } {
  const code = toErrorCode(error);
  const title = ERROR_KEY[action];
  if (code === 'rate_limit') return { title, detail: 'friends.rateLimit' };
  if (code === 'not_found') return { title, detail: 'friends.error.notFound' };
  if (code === 'conflict') return { title, detail: 'friends.error.exists' };
  return { title, detail: `error.${code}` };
}
