import { useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import type { Role } from '~/features/auth/index.ts';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages, type KeysWithPrefix, type Lookup, type TextsFor } from '~/i18n/bind.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { fetchConsentExport } from './admin-data.ts';
import type { ConsentRecord } from './export.ts';

type Props = {
  authPath: string;
  homePath: string;
  /** The `app.` texts; the shared `messages` when they carry them (the signed-in page shell). */
  appMessages?: TextsFor<'app.'>;
  messages: TextsFor<'newsletter.admin.'> & Partial<TextsFor<'app.'>>;
  lang: Locale;
};

function download(name: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const ADMIN_ONLY: Role[] = ['admin'];
/** The values the ledger's check constraints allow (migration 20261123004000_newsletter_double_opt_in.sql). */
const STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
const EVENTS = [
  'legacy_import',
  'sign_up',
  'confirmation_sent',
  'confirmed',
  'unsubscribed',
  'provider_sync',
] as const;

/** Admin-only: the consent ledger for one address or all, as a table and as CSV / JSON files. */
export default function NewsletterAdmin({
  authPath,
  homePath,
  messages,
  appMessages = messages as TextsFor<'app.'>,
  lang,
}: Props) {
  const m = useMemo(() => bindMessages({ ...appMessages, ...messages }, lang), [appMessages, messages, lang]);
  return (
    <GatedPage authPath={authPath} homePath={homePath} role={ADMIN_ONLY} messages={appMessages}>
      {(gate) => <ConsentExport db={gate.db} m={m} lang={lang} />}
    </GatedPage>
  );
}

function ConsentExport({
  db,
  m,
  lang,
}: {
  db: TypedSupabaseClient;
  m: Lookup<KeysWithPrefix<'app.' | 'newsletter.admin.'>>;
  lang: Locale;
}) {
  const [email, setEmail] = useState('');
  // The ledger's stored words in the admin's language on screen; the CSV/JSON files keep them as stored.
  const word = (known: readonly string[], kind: 'status' | 'event', value: string) =>
    known.includes(value)
      ? m(`newsletter.admin.${kind}.${value}` as KeysWithPrefix<'newsletter.admin.'>)
      : value;
  const [state, setState] = useState<
    | { status: 'idle' }
    | { status: 'loading' }
    | { status: 'error' }
    | { status: 'ready'; rows: ConsentRecord[]; email: string | null }
  >({ status: 'idle' });

  async function load(): Promise<{ rows: ConsentRecord[]; email: string | null } | null> {
    const filter = email.trim() || null;
    setState({ status: 'loading' });
    // The export function checks is_admin() itself: the page gate is only a courtesy.
    let rows: ConsentRecord[];
    try {
      rows = await fetchConsentExport(db, filter);
    } catch {
      setState({ status: 'error' });
      return null;
    }
    setState({ status: 'ready', rows, email: filter });
    return { rows, email: filter };
  }

  async function exportAs(kind: 'csv' | 'json') {
    const [result, { exportFileName, toCsv, toJson }] = await Promise.all([load(), import('./export.ts')]);
    if (!result) return;
    if (kind === 'csv')
      download(exportFileName(result.email, 'csv'), 'text/csv;charset=utf-8', toCsv(result.rows));
    else
      download(exportFileName(result.email, 'json'), 'application/json', toJson(result.rows, result.email));
  }

  const time = dateTimeFormat(intlLocale[lang], {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return (
    <div className="space-y-6">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
      >
        <div className="min-w-64 flex-1">
          <label className="field-label" htmlFor="consent-email">
            {m('newsletter.admin.email')}
          </label>
          <input
            id="consent-email"
            className="field-input"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary">
          {m('newsletter.admin.show')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void exportAs('csv')}>
          {m('newsletter.admin.csv')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void exportAs('json')}>
          {m('newsletter.admin.json')}
        </button>
      </form>
      {state.status === 'loading' && <LoadingState label={m('app.loading')} />}
      {state.status === 'error' && (
        <ErrorState title={m('app.errorTitle')} retryLabel={m('app.retry')} onRetry={() => void load()} />
      )}
      {state.status === 'ready' && state.rows.length === 0 && (
        <EmptyState title={m('newsletter.admin.empty')} />
      )}
      {state.status === 'ready' && state.rows.length > 0 && (
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-ink/5">
          <p className="px-4 pt-3 text-sm text-ink/70" role="status">
            {m('newsletter.admin.count', { count: state.rows.length })}
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-ink/10">
                {(['email', 'status', 'event', 'time', 'from', 'consent'] as const).map((c) => (
                  <th key={c} scope="col" className="px-4 py-2 font-semibold">
                    {m(`newsletter.admin.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.rows.map((r) => (
                <tr key={r.id} className="border-b border-ink/5 align-top">
                  <td className="px-4 py-2">{r.email}</td>
                  <td className="px-4 py-2">{word(STATUSES, 'status', r.status)}</td>
                  <td className="px-4 py-2">{word(EVENTS, 'event', r.event)}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{time.format(new Date(r.created_at))}</td>
                  <td className="px-4 py-2">
                    {r.source}
                    {r.ip ? ` / ${r.ip}` : ''}
                  </td>
                  <td className="max-w-md px-4 py-2">
                    {r.consent_text ? `${r.consent_text} (${r.consent_version ?? '?'})` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
