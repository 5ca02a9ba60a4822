import { useCallback, useEffect, useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showToast } from '~/components/toast.ts';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages, type Tr } from '~/i18n/bind.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { AdminNav } from './AdminNav.tsx';
import {
  fetchMembers,
  fetchSuspensions,
  liftSuspension,
  type MemberRow,
  type Suspension,
  suspendMember,
} from './admin-data.ts';
import { DURATIONS, type Duration } from './durations.ts';

type Props = { lang: Locale; messages: Record<string, string> };

/** /admin/members: admins find a member and suspend them, or lift a suspension. */
export default function MembersApp({ lang, messages }: Props) {
  const t = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const paths = communityPaths(lang);
  return (
    // biome-ignore lint/a11y/useValidAriaRole: `role` is GatedPage's account role, not an ARIA role
    <GatedPage authPath={paths.auth} homePath={paths.home} role="admin" messages={messages}>
      {({ db, user }) => (
        <>
          <AdminNav t={t} lang={lang} current="members" />
          <Members db={db} t={t} lang={lang} me={user.id} />
        </>
      )}
    </GatedPage>
  );
}

type State = { members: MemberRow[]; suspensions: Map<string, Suspension> } | 'loading' | 'failed';

function Members({ db, t, lang, me }: { db: TypedSupabaseClient; t: Tr; lang: Locale; me: string }) {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>('loading');
  const load = useCallback(() => {
    setState('loading');
    Promise.all([fetchMembers(db, query), fetchSuspensions(db)]).then(
      ([members, suspensions]) => setState({ members, suspensions }),
      () => setState('failed'),
    );
  }, [db, query]);
  useEffect(() => {
    const timer = setTimeout(load, 250);
    return () => clearTimeout(timer);
  }, [load]);

  return (
    <>
      <label className="mb-4 block max-w-sm">
        <span className="text-sm font-semibold">{t('admin.search')}</span>
        <input
          type="search"
          className="field-input mt-1"
          value={query}
          maxLength={80}
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      {state === 'failed' ? (
        <ErrorState title={t('admin.error')} retryLabel={t('app.retry')} onRetry={load} />
      ) : state === 'loading' ? (
        <LoadingState label={t('app.loading')} />
      ) : state.members.length === 0 ? (
        <EmptyState title={t('admin.empty')} />
      ) : (
        <ul className="space-y-3">
          {state.members.map((m) => (
            <MemberItem
              key={m.id}
              db={db}
              t={t}
              lang={lang}
              member={m}
              suspension={state.suspensions.get(m.id) ?? null}
              canSuspend={m.id !== me && m.role !== 'admin'}
              onChanged={load}
            />
          ))}
        </ul>
      )}
    </>
  );
}

type ItemProps = {
  db: TypedSupabaseClient;
  t: Tr;
  lang: Locale;
  member: MemberRow;
  suspension: Suspension | null;
  canSuspend: boolean;
  onChanged: () => void;
};

function MemberItem({ db, t, lang, member, suspension, canSuspend, onChanged }: ItemProps) {
  const [duration, setDuration] = useState<Duration>('7d');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const paths = communityPaths(lang);

  const act = async (work: () => Promise<string | null>, done: string) => {
    setBusy(true);
    const code = await work();
    setBusy(false);
    if (code === null) {
      showToast({ title: done });
      onChanged();
      return;
    }
    const known = ['cannot_suspend_self', 'cannot_suspend_admin', 'ban_failed'] as const;
    const match = known.find((k) => k === code);
    showToast({ title: match ? t(`admin.failed.${match}`) : t('admin.failed'), variant: 'error' });
  };
  const suspend = () => {
    if (!reason.trim() || reason.length > 500) {
      showToast({ title: t('admin.failed.reason'), variant: 'error' });
      return;
    }
    void act(
      () => suspendMember(db, member.id, duration, reason.trim()),
      t('admin.suspended', { name: member.name }),
    );
  };

  const status = suspension
    ? suspension.until
      ? t('admin.status.until', {
          date: dateTimeFormat(intlLocale[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(suspension.until),
          ),
        })
      : t('admin.status.indefinite')
    : null;

  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10" aria-label={member.name}>
      <p className="flex flex-wrap items-center gap-2">
        <a href={paths.user(member.id)} className="font-semibold text-violet underline">
          {member.name}
        </a>
        <span className="rounded-full bg-lilac px-3 py-0.5 text-sm">{t(`admin.role.${member.role}`)}</span>
        {status ? (
          <span className="rounded-full bg-red-50 px-3 py-0.5 text-sm text-red-900">{status}</span>
        ) : null}
      </p>
      {suspension ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink/80">{t('admin.status.reason', { reason: suspension.reason })}</p>
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() =>
              void act(() => liftSuspension(db, member.id), t('admin.lifted', { name: member.name }))
            }
          >
            {t('admin.lift')}
          </button>
        </div>
      ) : canSuspend ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="block font-semibold">{t('admin.duration')}</span>
            <select
              className="field-input mt-1"
              value={duration}
              onChange={(e) => setDuration(e.target.value as Duration)}
            >
              {DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {t(`admin.duration.${d}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="grow text-sm">
            <span className="block font-semibold">{t('admin.reason')}</span>
            <input
              className="field-input mt-1"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={busy}
            onClick={suspend}
          >
            {t('admin.suspend')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
