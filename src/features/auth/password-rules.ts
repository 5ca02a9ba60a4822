/**
 * The password rule of sign-up (supabase/config.toml minimum_password_length; GoTrue refuses
 * shorter with weak_password), shared by sign-up, the reset page and the account page. Its hint
 * is `auth.passwordHint`.
 */
export const MIN_PASSWORD_LENGTH = 6;

/** The message key for what is wrong with a new password and its repetition, or null. */
export function newPasswordProblem(
  password: string,
  repeat: string,
): 'auth.passwordHint' | 'auth.reset.mismatch' | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'auth.passwordHint';
  if (password !== repeat) return 'auth.reset.mismatch';
  return null;
}
