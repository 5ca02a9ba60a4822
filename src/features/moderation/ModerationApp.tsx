import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { LazyConfirmDialog, useConfirmPreload } from '~/components/app/LazyConfirmDialog.tsx';
import { LinkifiedText } from '~/components/app/LinkifiedText.tsx';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showFailure, showToast } from '~/components/toast.ts';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages, type Tr } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { fetchOpenReports, moderate } from './moderation-data.ts';
import { initialQueue, isHidden, queueReducer, type ReportGroup } from './moderation-queue.ts';

type Props = { lang: Locale; messages: Record<string, string> };

/** /community/moderation: admins keep or remove what members reported. */
export default function ModerationApp({ lang, messages }: Props) {
  const t = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const paths = communityPaths(lang);
  return (
    // biome-ignore lint/a11y/useValidAriaRole: `role` is GatedPage's account role, not an ARIA role
    <GatedPage authPath={paths.auth} homePath={paths.home} role="admin" messages={messages}>
      {({ db }) => <Reports db={db} t={t} paths={paths} />}
    </GatedPage>
  );
}

function Reports({
  db,
  t,
  paths,
}: {
  db: TypedSupabaseClient;
  t: Tr;
  paths: ReturnType<typeof communityPaths>;
}) {
  const [{ groups, failed }, dispatch] = useReducer(queueReducer, initialQueue);
  const [removing, setRemoving] = useState<ReportGroup | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmArea = useConfirmPreload<HTMLUListElement>();
  const unknownName = t('community.unknownUser');

  const load = useCallback(() => {
    dispatch({ type: 'loading' });
    fetchOpenReports(db, unknownName).then(
      (loaded) => dispatch({ type: 'loaded', groups: loaded }),
      () => dispatch({ type: 'failed' }),
    );
  }, [db, unknownName]);
  useEffect(load, [load]);

  const decide = async (group: ReportGroup, decision: 'keep' | 'remove') => {
    setBusy(true);
    try {
      await moderate(db, group.reportId, decision);
      dispatch({ type: 'decided', key: group.key });
      setRemoving(null);
      showToast({ title: decision === 'keep' ? t('moderation.kept') : t('moderation.removed') });
    } catch (error) {
      void showFailure(t('moderation.failed'), t, error);
    } finally {
      setBusy(false);
    }
  };

  if (failed) return <ErrorState title={t('moderation.error')} retryLabel={t('app.retry')} onRetry={load} />;
  if (!groups) return <LoadingState label={t('app.loading')} />;
  if (groups.length === 0) return <EmptyState title={t('moderation.empty')} />;
  return (
    <>
      <ul className="space-y-4" ref={confirmArea}>
        {groups.map((g) => (
          <li key={g.key}>
            <article
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10"
              aria-label={`${t(`moderation.kind.${g.kind}`)}: ${g.title || g.text.slice(0, 40)}`}
            >
              <p className="flex flex-wrap gap-2 text-sm">
                <span className="rounded-full bg-lilac px-3 py-1">{t(`moderation.kind.${g.kind}`)}</span>
                <span className="rounded-full bg-gold-light px-3 py-1">
                  {t('moderation.reports', { count: g.reasons.length })}
                </span>
                {isHidden(g) ? (
                  <span className="rounded-full bg-red-50 px-3 py-1 text-red-900">
                    {t('moderation.hidden')}
                  </span>
                ) : null}
              </p>
              {g.title ? <h2 className="mt-3 text-xl">{g.title}</h2> : null}
              {g.text ? <LinkifiedText text={g.text} className="mt-2" /> : null}
              {g.kind === 'member' ? (
                <a href={paths.user(g.targetId)} className="mt-2 inline-block text-violet underline">
                  {t('moderation.open')}
                </a>
              ) : null}
              <ul className="mt-3 space-y-1 text-sm text-ink/80">
                {g.reasons.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: reasons of one group never reorder
                  <li key={i}>{t('moderation.reason', { name: r.reporter, reason: r.reason })}</li>
                ))}
              </ul>
              <div className="mt-4 flex gap-3">
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => void decide(g, 'keep')}
                >
                  {g.kind === 'member' ? t('moderation.dismiss') : t('moderation.keep')}
                </button>
                {g.kind !== 'member' ? (
                  <button
                    type="button"
                    className="btn bg-red-700 text-white hover:bg-red-800"
                    disabled={busy}
                    onClick={() => setRemoving(g)}
                  >
                    {t('moderation.remove')}
                  </button>
                ) : null}
              </div>
            </article>
          </li>
        ))}
      </ul>
      <LazyConfirmDialog
        open={removing !== null}
        title={t('moderation.removeConfirm')}
        confirmLabel={t('moderation.remove')}
        cancelLabel={t('app.cancel')}
        busy={busy}
        onConfirm={() => removing && void decide(removing, 'remove')}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
