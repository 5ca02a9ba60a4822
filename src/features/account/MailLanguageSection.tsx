import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Tr } from '~/i18n/bind.ts';
import { asLocale, type Locale, locales } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { readMailLocale, saveMailLocale } from './account-data.ts';
import { CARD, errorsModule, Feedback } from './ui.tsx';

type Props = { db: TypedSupabaseClient; me: string; lang: Locale; t: Tr };

/**
 * The language of one's mails: the stored one (the page's language when there is none yet), saved
 * for the site's mails and for GoTrue's own (account-data.ts).
 */
export function MailLanguageSection({ db, me, lang, t }: Props) {
  const id = useId();
  const [locale, setLocale] = useState<Locale>(lang);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    readMailLocale(db, me).then((stored) => {
      if (cancelled) return;
      if (stored) setLocale(stored);
      setLoaded(true);
    });
    return () => {
      cancelled = true;
    };
  }, [db, me]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const failure = await saveMailLocale(db, locale);
      if (failure) {
        const { errorText } = await errorsModule();
        return setError(`${t('account.failed')}: ${errorText(t, failure)}`);
      }
      setNotice(t('account.language.saved'));
    } catch {
      setError(t('error.network_error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-h`} className={CARD}>
      <h2 id={`${id}-h`} className="text-2xl">
        {t('account.language.heading')}
      </h2>
      <p className="mt-2 text-ink/80">{t('account.language.lead')}</p>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <div>
          <label className="field-label" htmlFor={`${id}-locale`}>
            {t('account.language.label')}
          </label>
          <select
            id={`${id}-locale`}
            className="field-input"
            value={locale}
            disabled={!loaded}
            onChange={(e) => setLocale(asLocale(e.target.value) ?? lang)}
          >
            {locales.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`lang.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <Feedback error={error} notice={notice} />
        <button type="submit" className="btn-primary" disabled={busy || !loaded}>
          {busy ? t('account.saving') : t('account.language.submit')}
        </button>
      </form>
    </section>
  );
}
