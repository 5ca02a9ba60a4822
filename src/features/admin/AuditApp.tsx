import { useCallback, useEffect, useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages, type Tr } from '~/i18n/bind.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { AdminNav } from './AdminNav.tsx';
import { type AuditEntry, fetchAudit, fetchNames } from './admin-data.ts';

type Props = { lang: Locale; messages: Record<string, string> };

/** /admin/audit: the append-only log of admin actions, newest first, paged by id (keyset). */
export default function AuditApp({ lang, messages }: Props) {
  const t = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const paths = communityPaths(lang);
  return (
    // biome-ignore lint/a11y/useValidAriaRole: `role` is GatedPage's account role, not an ARIA role
    <GatedPage authPath={paths.auth} homePath={paths.home} role="admin" messages={messages}>
      {({ db }) => (
        <>
          <AdminNav t={t} lang={lang} current="audit" />
          <Audit db={db} t={t} lang={lang} />
        </>
      )}
    </GatedPage>
  );
}

const ACTIONS = ['suspend', 'lift_suspension', 'moderate_keep', 'moderate_remove', 'set_role'] as const;

function Audit({ db, t, lang }: { db: TypedSupabaseClient; t: Tr; lang: Locale }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [names, setNames] = useState(new Map<string, string>());
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (before: number | null) => {
      setBusy(true);
      setFailed(false);
      try {
        const page = await fetchAudit(db, before);
        const people = page.entries.flatMap((e) => [
          e.actorId,
          ...(e.targetKind === 'member' && e.targetId ? [e.targetId] : []),
        ]);
        const found = await fetchNames(db, people);
        setNames((old) => new Map([...old, ...found]));
        setEntries((old) => (before === null ? page.entries : [...(old ?? []), ...page.entries]));
        setMore(page.more);
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    },
    [db],
  );
  useEffect(() => {
    void load(null);
  }, [load]);

  if (failed && !entries)
    return (
      <ErrorState
        title={t('admin.audit.error')}
        retryLabel={t('app.retry')}
        onRetry={() => void load(null)}
      />
    );
  if (!entries) return <LoadingState label={t('app.loading')} />;
  if (entries.length === 0) return <EmptyState title={t('admin.audit.empty')} />;
  const when = dateTimeFormat(intlLocale[lang], { dateStyle: 'medium', timeStyle: 'medium' });
  const person = (id: string | null) => (id && names.get(id)) || t('admin.audit.unknown');
  const target = (e: AuditEntry) =>
    e.targetKind === 'member' ? person(e.targetId) : t(`admin.audit.target.${e.targetKind}`);
  const action = (e: AuditEntry) => {
    const known = ACTIONS.find((a) => a === e.action);
    return known ? t(`admin.audit.action.${known}`) : e.action;
  };

  return (
    <>
      <ol className="space-y-2" aria-label={t('admin.audit.title')}>
        {entries.map((e) => (
          <li
            key={e.id}
            className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-ink/10"
            data-action={e.action}
          >
            <p>
              <time dateTime={e.createdAt} className="mr-2 text-sm text-ink/70">
                {when.format(new Date(e.createdAt))}
              </time>
              <strong>{person(e.actorId)}</strong> {action(e)} <strong>{target(e)}</strong>
            </p>
            {e.reason ? (
              <p className="mt-1 text-sm text-ink/80">{t('admin.audit.reason', { reason: e.reason })}</p>
            ) : null}
          </li>
        ))}
      </ol>
      {failed ? (
        <p role="alert" className="mt-3 text-red-900">
          {t('admin.audit.error')}
        </p>
      ) : null}
      {more ? (
        <button
          type="button"
          className="btn-secondary mt-4"
          disabled={busy}
          onClick={() => void load(entries.at(-1)?.id ?? null)}
        >
          {t('admin.audit.more')}
        </button>
      ) : null}
    </>
  );
}
