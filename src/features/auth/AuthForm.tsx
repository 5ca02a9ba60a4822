import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { FormFeedback } from '~/components/app/FormParts.tsx';
import { bindMessages, type TextsFor } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { takeAuthEnded } from '~/lib/supabase/auth-ended.ts';
import { setFlash } from './flash.ts';
import { safeNext } from './next-path.ts';
import { MIN_PASSWORD_LENGTH } from './password-rules.ts';
import { readStoredSession } from './session.ts';

type Mode = 'login' | 'signup';
type Props = { messages: TextsFor<'auth.' | 'error.'>; lang: Locale; home: string; initialMode?: Mode };

/** Login and sign-up in two tabs; supabase-js is loaded on the first submit, not before. */
export default function AuthForm({ messages, lang, home, initialMode = 'login' }: Props) {
  const m = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const [mode, setMode] = useState<Mode>(initialMode);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const id = useId();

  // Where to go afterwards: the page that sent the visitor here (`?next=`), if it is ours.
  const destination = () => safeNext(new URLSearchParams(location.search).get('next'), home);

  useEffect(() => {
    // Someone already signed in has no business here.
    if (readStoredSession())
      location.replace(safeNext(new URLSearchParams(location.search).get('next'), home));
  }, [home]);

  useEffect(() => {
    // Sent here because the session was ended by the server: say why (a suspension).
    if (takeAuthEnded() === 'user_banned') setError(m('error.suspended'));
  }, [m]);

  const tabs: Mode[] = ['login', 'signup'];
  const onTabKey = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = mode === 'login' ? 'signup' : 'login';
    setMode(next);
    setError(null);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const email = values.email.trim();
    if (!email || !values.password) {
      setError(m('auth.required'));
      return;
    }
    setBusy(true);
    try {
      const [{ getSupabase }, { errorText, toErrorCode }] = await Promise.all([
        import('~/lib/supabase/client.ts'),
        import('~/lib/supabase/errors.ts'),
      ]);
      const supabase = await getSupabase();
      if (mode === 'login') {
        const { error: failure } = await supabase.auth.signInWithPassword({
          email,
          password: values.password,
        });
        if (failure) {
          setError(`${m('auth.loginFailed')}: ${errorText(m, failure)}`);
          return;
        }
        setFlash({ title: m('auth.loginSuccessTitle'), description: m('auth.loginSuccess') });
        location.assign(destination());
        return;
      }
      const displayName = values.name.trim() || email.split('@')[0] || email;
      const { data, error: failure } = await supabase.auth.signUp({
        email,
        password: values.password,
        options: {
          data: { display_name: displayName, locale: lang },
          emailRedirectTo: new URL(destination(), location.origin).href,
        },
      });
      if (failure) {
        const code = toErrorCode(failure);
        setError(`${m('auth.signupFailed')}: ${errorText(m, failure)} ${m('auth.errorCode', { code })}`);
        return;
      }
      if (data.session) {
        // Confirmation is off: the account is ready and signed in, no e-mail to wait for.
        setFlash({ title: m('auth.signupSuccessTitle'), description: m('auth.signupWelcome') });
        location.assign(destination());
      } else {
        setNotice(`${m('auth.signupSuccessTitle')} ${m('auth.signupVerify')}`);
        setValues((v) => ({ ...v, password: '' }));
      }
    } catch {
      setError(m('error.network_error'));
    } finally {
      setBusy(false);
    }
  }

  const field = 'field-input';
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5 sm:p-8">
      <div
        role="tablist"
        aria-label={m('auth.title')}
        className="mb-6 grid grid-cols-2 gap-1 rounded-full bg-lilac p-1"
      >
        {tabs.map((tab) => (
          <button
            key={tab}
            id={`${id}-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={mode === tab}
            aria-controls={`${id}-panel`}
            tabIndex={mode === tab ? 0 : -1}
            onKeyDown={onTabKey}
            onClick={() => {
              setMode(tab);
              setError(null);
            }}
            className={`rounded-full px-4 py-2 font-medium ${mode === tab ? 'bg-white text-violet shadow' : 'text-ink'}`}
          >
            {m(tab === 'login' ? 'auth.tabLogin' : 'auth.tabSignup')}
          </button>
        ))}
      </div>
      {/* The panel is a div: a form may not take the tabpanel role (axe aria-allowed-role). */}
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${mode}`}>
        <form onSubmit={submit} noValidate className="space-y-4">
          {mode === 'signup' && (
            <div>
              <label className="field-label" htmlFor={`${id}-name`}>
                {m('auth.name')}
              </label>
              <input
                id={`${id}-name`}
                className={field}
                autoComplete="name"
                value={values.name}
                aria-describedby={`${id}-name-hint`}
                onChange={(e) => {
                  const name = e.target.value;
                  setValues((current) => ({ ...current, name }));
                }}
              />
              <p id={`${id}-name-hint`} className="mt-1 text-sm text-ink/75">
                {m('auth.nameHint')}
              </p>
            </div>
          )}
          <div>
            <label className="field-label" htmlFor={`${id}-email`}>
              {m('auth.email')}
            </label>
            <input
              id={`${id}-email`}
              className={field}
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(e) => {
                const email = e.target.value;
                setValues((current) => ({ ...current, email }));
              }}
            />
          </div>
          <div>
            <label className="field-label" htmlFor={`${id}-password`}>
              {m('auth.password')}
            </label>
            <div className="flex gap-2">
              <input
                id={`${id}-password`}
                className={field}
                type={showPassword ? 'text' : 'password'}
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                required
                minLength={mode === 'signup' ? MIN_PASSWORD_LENGTH : undefined}
                aria-describedby={mode === 'signup' ? `${id}-password-hint` : undefined}
                value={values.password}
                onChange={(e) => {
                  const password = e.target.value;
                  setValues((current) => ({ ...current, password }));
                }}
              />
              <button
                type="button"
                className="btn-secondary shrink-0 px-3 py-2 text-sm"
                aria-pressed={showPassword}
                aria-controls={`${id}-password`}
                onClick={() => setShowPassword((s) => !s)}
              >
                {m(showPassword ? 'auth.hidePassword' : 'auth.showPassword')}
              </button>
            </div>
            {mode === 'signup' && (
              <p id={`${id}-password-hint`} className="mt-1 text-sm text-ink/75">
                {m('auth.passwordHint')}
              </p>
            )}
          </div>
          <FormFeedback error={error} notice={notice} />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? m('auth.working') : m(mode === 'login' ? 'auth.loginSubmit' : 'auth.signupSubmit')}
          </button>
        </form>
      </div>
    </div>
  );
}
