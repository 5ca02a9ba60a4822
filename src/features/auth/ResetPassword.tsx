import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Field, FormFeedback } from '~/components/app/FormParts.tsx';
import { useFormAction } from '~/components/app/form-action.ts';
import { NewPasswordFields } from '~/components/app/NewPasswordFields.tsx';
import { bindMessages, type TextsFor } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { setFlash } from './flash.ts';
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from './password-rules.ts';
import { readRecoveryLink } from './recovery-link.ts';

type Props = {
  messages: TextsFor<'auth.' | 'error.'>;
  lang: Locale;
  /** Where a new password leads: /profile in the page's language. */
  profilePath: string;
  authPath: string;
};
type Step = 'checking' | 'request' | 'expired' | 'set';

const loadClient = () =>
  Promise.all([import('~/lib/supabase/client.ts'), import('~/lib/supabase/errors.ts')]).then(
    async ([{ getSupabase }, errors]) => ({ db: await getSupabase(), ...errors }),
  );

/**
 * /auth/reset: without a link, asks for the address and sends GoTrue's recovery mail (one answer
 * whatever the address); with the mail's link (the recovery session in the fragment, or a
 * token_hash to verify), asks the new password twice and signs the member in.
 */
export default function ResetPassword({ messages, lang, profilePath, authPath }: Props) {
  const m = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const [step, setStep] = useState<Step>('checking');
  const { busy, error, notice, submit } = useFormAction(m('error.network_error'));
  const [email, setEmail] = useState('');
  const [passwords, setPasswords] = useState({ password: '', repeat: '' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    const link = readRecoveryLink(location.href);
    if (link.kind === 'none') {
      setStep('request');
      return;
    }
    if (link.kind === 'error') {
      setStep('expired');
      return;
    }
    loadClient()
      .then(async ({ db }) => {
        if (link.kind === 'token_hash') {
          const { error: failure } = await db.auth.verifyOtp({
            token_hash: link.tokenHash,
            type: 'recovery',
          });
          history.replaceState(null, '', location.pathname);
          return !failure;
        }
        // The fragment's recovery session: supabase-js reads it (PASSWORD_RECOVERY) while it starts.
        // Only that session: not one stored before from another sign-in.
        const { data } = await db.auth.getSession();
        return data.session?.access_token === link.accessToken;
      })
      .then((ok) => setStep(ok ? 'set' : 'expired'))
      .catch(() => setStep('expired'));
  }, []);

  useEffect(() => {
    if (step === 'set' || step === 'expired') headingRef.current?.focus();
  }, [step]);

  const request = submit(
    async () => {
      const { db, errorText, toErrorCode } = await loadClient();
      const { error: failure } = await db.auth.resetPasswordForEmail(email.trim(), {
        redirectTo: new URL(location.pathname, location.origin).href,
      });
      // Only "too many requests" is told apart: anything else reads as sent, so the page never
      // tells whether the address has an account.
      if (failure && toErrorCode(failure) === 'rate_limit') return { error: errorText(m, failure) };
      return { notice: m('auth.reset.sent') };
    },
    () => (email.trim() ? null : m('auth.reset.required')),
  );

  const save = submit(
    async () => {
      const { db, errorText } = await loadClient();
      const { error: failure } = await db.auth.updateUser({ password: passwords.password });
      if (failure) return { error: `${m('auth.reset.failed')}: ${errorText(m, failure)}` };
      setFlash({ title: m('auth.reset.doneTitle'), description: m('auth.reset.done') });
      location.assign(profilePath);
      return undefined;
    },
    () => {
      const problem = newPasswordProblem(passwords.password, passwords.repeat);
      return problem && m(problem);
    },
  );

  const alerts = <FormFeedback error={error} notice={notice} />;
  const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5 sm:p-8';

  if (step === 'checking') return <p role="status">{m('auth.reset.checking')}</p>;
  if (step === 'set')
    return (
      <form onSubmit={save} noValidate className={`space-y-4 ${card}`} aria-labelledby={`${id}-set`}>
        <h2 id={`${id}-set`} ref={headingRef} tabIndex={-1} className="text-2xl">
          {m('auth.reset.newTitle')}
        </h2>
        <NewPasswordFields
          minLength={MIN_PASSWORD_LENGTH}
          m={m}
          labels={{ password: m('auth.reset.newPassword'), repeat: m('auth.reset.repeatPassword') }}
          values={passwords}
          onChange={setPasswords}
        />
        {alerts}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? m('auth.working') : m('auth.reset.setSubmit')}
        </button>
      </form>
    );
  return (
    <div className={card}>
      {step === 'expired' && (
        <p
          ref={headingRef}
          tabIndex={-1}
          role="alert"
          className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-950"
        >
          {m('auth.reset.expired')}
        </p>
      )}
      <form onSubmit={request} noValidate className="space-y-4">
        <Field
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          label={m('auth.email')}
          value={email}
          onChange={setEmail}
        />
        {alerts}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? m('auth.working') : m('auth.reset.requestSubmit')}
        </button>
      </form>
      <p className="mt-4 text-center">
        <a href={authPath} className="text-violet underline">
          {m('auth.reset.backToLogin')}
        </a>
      </p>
    </div>
  );
}
