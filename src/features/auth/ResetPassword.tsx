import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { bindMessages, type TextsFor } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { setFlash } from './flash.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { newPasswordProblem } from './password-rules.ts';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [passwords, setPasswords] = useState({ password: '', repeat: '' });
  const errorRef = useRef<HTMLDivElement>(null);
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
    if (error) errorRef.current?.focus();
  }, [error]);
  useEffect(() => {
    if (step === 'set' || step === 'expired') headingRef.current?.focus();
  }, [step]);

  async function request(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const address = email.trim();
    if (!address) {
      setError(m('auth.reset.required'));
      return;
    }
    setBusy(true);
    try {
      const { db, errorText, toErrorCode } = await loadClient();
      const { error: failure } = await db.auth.resetPasswordForEmail(address, {
        redirectTo: new URL(location.pathname, location.origin).href,
      });
      // Only "too many requests" is told apart: anything else reads as sent, so the page never
      // tells whether the address has an account.
      if (failure && toErrorCode(failure) === 'rate_limit') setError(errorText(m, failure));
      else setNotice(m('auth.reset.sent'));
    } catch {
      setError(m('error.network_error'));
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problem = newPasswordProblem(passwords.password, passwords.repeat);
    if (problem) {
      setError(m(problem));
      return;
    }
    setBusy(true);
    try {
      const { db, errorText } = await loadClient();
      const { error: failure } = await db.auth.updateUser({ password: passwords.password });
      if (failure) {
        setError(`${m('auth.reset.failed')}: ${errorText(m, failure)}`);
        return;
      }
      setFlash({ title: m('auth.reset.doneTitle'), description: m('auth.reset.done') });
      location.assign(profilePath);
    } catch {
      setError(m('error.network_error'));
    } finally {
      setBusy(false);
    }
  }

  const alerts = (
    <>
      {error && (
        <div ref={errorRef} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {error}
        </div>
      )}
      {notice && (
        <div role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
          {notice}
        </div>
      )}
    </>
  );
  const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5 sm:p-8';

  if (step === 'checking') return <p role="status">{m('auth.reset.checking')}</p>;
  if (step === 'set')
    return (
      <form onSubmit={save} noValidate className={`space-y-4 ${card}`} aria-labelledby={`${id}-set`}>
        <h2 id={`${id}-set`} ref={headingRef} tabIndex={-1} className="text-2xl">
          {m('auth.reset.newTitle')}
        </h2>
        <NewPasswordFields
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
        <div>
          <label className="field-label" htmlFor={`${id}-email`}>
            {m('auth.email')}
          </label>
          <input
            id={`${id}-email`}
            className="field-input"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
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
