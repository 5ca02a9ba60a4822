import { type FormEvent, useId, useState } from 'react';
import { newPasswordProblem } from '~/features/auth/index.ts';
import { NewPasswordFields } from '~/features/auth/islands.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { CARD, errorsModule, Feedback } from './ui.tsx';

type Props = { db: TypedSupabaseClient; email: string; t: Tr };

/**
 * Change password: the current password is asked again and checked by signing in with it, which
 * also gives the fresh session GoTrue's secure_password_change accepts a new password from
 * without the mailed nonce; then updateUser({ password }).
 */
export function PasswordSection({ db, email, t }: Props) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState({ password: '', repeat: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!current || !next.password) return setError(t('account.password.required'));
    const problem = newPasswordProblem(next.password, next.repeat);
    if (problem) return setError(t(problem));
    setBusy(true);
    try {
      const { errorText, toErrorCode } = await errorsModule();
      const check = await db.auth.signInWithPassword({ email, password: current });
      if (check.error) {
        const code = toErrorCode(check.error);
        return setError(
          code === 'invalid_credentials' ? t('account.password.wrongCurrent') : errorText(t, check.error),
        );
      }
      const { error: failure } = await db.auth.updateUser({ password: next.password });
      if (failure) return setError(`${t('account.failed')}: ${errorText(t, failure)}`);
      setCurrent('');
      setNext({ password: '', repeat: '' });
      setNotice(t('account.password.saved'));
    } catch {
      setError(t('error.network_error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-h`} className={CARD}>
      <h2 id={`${id}-h`} className="text-2xl">
        {t('account.password.heading')}
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div>
          <label className="field-label" htmlFor={`${id}-current`}>
            {t('account.password.current')}
          </label>
          <input
            id={`${id}-current`}
            className="field-input"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <NewPasswordFields
          m={t}
          labels={{ password: t('account.password.new'), repeat: t('account.password.repeat') }}
          values={next}
          onChange={setNext}
        />
        <Feedback error={error} notice={notice} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t('account.saving') : t('account.password.submit')}
        </button>
      </form>
    </section>
  );
}
