import type { KeysWithPrefix } from '~/i18n/bind.ts';
import type { ErrorCode } from '~/lib/supabase/errors.ts';
import { showToast } from './toast.ts';

/**
 * The one way a failed action is told in a toast: what failed as its title, why as its text in
 * the person's language through errorText() (src/lib/supabase/errors.ts, loaded only once
 * something failed), never a fixed text or the error's raw (English) message. `own` gives a
 * feature's more specific text for a code (a comment's rate limit). The page sends the `error.`
 * texts (`npm run i18n:check` fails a page whose island calls this without them).
 */
export async function showFailure(
  title: string,
  t: (key: KeysWithPrefix<'error.'>) => string,
  error: unknown,
  own: Partial<Record<ErrorCode, string>> = {},
): Promise<void> {
  const { errorText, toErrorCode } = await import('~/lib/supabase/errors.ts');
  const description = own[toErrorCode(error)] ?? errorText(t, error);
  showToast({ title, description, variant: 'error' });
}
