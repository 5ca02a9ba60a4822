import { useId, useState } from 'react';
import { Field } from '~/components/app/FormParts.tsx';
import { useFormAction } from '~/components/app/form-action.ts';
import { NewPasswordFields } from '~/components/app/NewPasswordFields.tsx';
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from '~/features/auth/index.ts';
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
  const { busy, error, notice, submit } = useFormAction(t('error.network_error'));

  const change = submit(
    async () => {
      const { errorText, toErrorCode } = await errorsModule();
      const check = await db.auth.signInWithPassword({ email, password: current });
      if (check.error) {
        const code = toErrorCode(check.error);
        return {
          error:
            code === 'invalid_credentials' ? t('account.password.wrongCurrent') : errorText(t, check.error),
        };
      }
      const { error: failure } = await db.auth.updateUser({ password: next.password });
      if (failure) return { error: `${t('account.failed')}: ${errorText(t, failure)}` };
      setCurrent('');
      setNext({ password: '', repeat: '' });
      return { notice: t('account.password.saved') };
    },
    () => {
      if (!current || !next.password) return t('account.password.required');
      const problem = newPasswordProblem(next.password, next.repeat);
      return problem && t(problem);
    },
  );

  return (
    <section aria-labelledby={`${id}-h`} className={CARD}>
      <h2 id={`${id}-h`} className="text-2xl">
        {t('account.password.heading')}
      </h2>
      <form onSubmit={change} noValidate className="mt-4 space-y-4">
        <Field
          id={`${id}-current`}
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <NewPasswordFields
          minLength={MIN_PASSWORD_LENGTH}
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
