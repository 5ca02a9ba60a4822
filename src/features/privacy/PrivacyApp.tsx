import { useId, useMemo, useState } from 'react';
import { setFlash } from '~/features/auth/index.ts';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages, type Tr } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { errorText } from '~/lib/supabase/errors.ts';
import { deleteMyAccount, downloadMyData, isPrivacyError, type Outcome } from './privacy-data.ts';

type Props = { lang: Locale; messages: Record<string, string>; exportPath: string; deletePath: string };

/** /account/data: download everything about me; delete my account after typing my e-mail address. */
export default function PrivacyApp({ lang, messages, exportPath, deletePath }: Props) {
  const t = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const paths = communityPaths(lang);
  return (
    <GatedPage authPath={paths.auth} homePath={paths.home} messages={messages}>
      {({ db, user }) => (
        <div className="max-w-2xl space-y-10">
          <ExportSection db={db} t={t} exportPath={exportPath} />
          <DeleteSection
            db={db}
            t={t}
            email={user.email ?? ''}
            deletePath={deletePath}
            homePath={paths.home}
          />
        </div>
      )}
    </GatedPage>
  );
}

function problem(t: Tr, outcome: Outcome | null): string | null {
  if (!outcome || outcome.ok) return null;
  return isPrivacyError(outcome.code)
    ? t(`privacy.error.${outcome.code}`)
    : errorText(t, { code: outcome.code });
}

function ExportSection({ db, t, exportPath }: { db: TypedSupabaseClient; t: Tr; exportPath: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const error = problem(t, outcome);
  return (
    <section aria-labelledby="privacy-export" className="space-y-3">
      <h2 id="privacy-export" className="text-2xl">
        {t('privacy.export.heading')}
      </h2>
      <p className="text-ink/80">{t('privacy.export.text')}</p>
      <button
        type="button"
        className="btn-primary"
        disabled={busy}
        aria-busy={busy}
        onClick={async () => {
          setBusy(true);
          setOutcome(null);
          setOutcome(await downloadMyData(db, exportPath));
          setBusy(false);
        }}
      >
        {busy ? t('privacy.export.busy') : t('privacy.export.button')}
      </button>
      <p role="status" className="text-sm text-ink/80">
        {outcome?.ok ? t('privacy.export.done') : ''}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}

type DeleteProps = { db: TypedSupabaseClient; t: Tr; email: string; deletePath: string; homePath: string };

function DeleteSection({ db, t, email, deletePath, homePath }: DeleteProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const matches = email !== '' && typed.trim().toLowerCase() === email.toLowerCase();
  const error = problem(t, outcome);
  return (
    <section aria-labelledby="privacy-delete" className="space-y-3 rounded-xl p-5 ring-1 ring-red-800/30">
      <h2 id="privacy-delete" className="text-2xl">
        {t('privacy.delete.heading')}
      </h2>
      <p className="text-ink/80">{t('privacy.delete.text')}</p>
      <h3 className="text-lg font-semibold">{t('privacy.delete.kept.heading')}</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink/80">
        <li>{t('privacy.delete.kept.newsletter')}</li>
        <li>{t('privacy.delete.kept.client')}</li>
        <li>{t('privacy.delete.kept.contact')}</li>
        <li>{t('privacy.delete.kept.orders')}</li>
      </ul>
      <form
        className="space-y-3"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!matches || busy) return;
          setBusy(true);
          setOutcome(null);
          const result = await deleteMyAccount(db, deletePath, typed);
          if (result.ok) {
            setFlash({ title: t('privacy.goodbye.title'), description: t('privacy.goodbye.text') });
            window.location.assign(homePath);
            return;
          }
          setOutcome(result);
          setBusy(false);
        }}
      >
        <div>
          <label htmlFor={`${id}-confirm`} className="field-label">
            {t('privacy.delete.confirmLabel', { email })}
          </label>
          <input
            id={`${id}-confirm`}
            className="field-input"
            type="email"
            autoComplete="off"
            value={typed}
            maxLength={254}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className="btn-secondary text-red-800"
          disabled={!matches || busy}
          aria-busy={busy}
        >
          {busy ? t('privacy.delete.busy') : t('privacy.delete.button')}
        </button>
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
