import { startTransition, useCallback, useEffect, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showToast } from '~/components/toast.ts';
import { formatNumber } from '~/i18n/format.ts';
import type { Locale } from '~/i18n/locales.ts';
import { useFirstContent } from '~/lib/first-content.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { Thread } from '../conversation/Thread.tsx';
import { useConversations } from '../conversation/useConversations.ts';
import {
  approvePreview,
  type DraftContent,
  fetchMyFeed,
  fetchTimeZone,
  type HistoryEntry,
  type Preview,
  type PreviewStatus,
  requestChanges,
  textFor,
} from '../data.ts';
import { PLATFORMS, parseChannel } from '../platforms.ts';
import { Publications } from '../publishing/Publications.tsx';
import { FilterBar } from '../shared/FilterBar.tsx';
import { platformName, useT } from '../shared/format.ts';
import { StatCards } from '../shared/StatCards.tsx';
import { ClientPreviewCard, type ReviewItem } from './ClientPreviewCard.tsx';
import { TimeZoneSetting } from './TimeZoneSetting.tsx';

type Tab = 'all' | PreviewStatus;
const TABS: Tab[] = ['all', 'pending', 'approved', 'published', 'rejected'];

type Loaded = {
  previews: Preview[];
  reviewed: Map<string, DraftContent>;
  history: Map<string, HistoryEntry[]>;
};

/** The whole page in one round trip (my_previews_feed: previews, their history, reviewed texts). */
const loadAll = (db: TypedSupabaseClient): Promise<Loaded> => fetchMyFeed(db);

const toReviewItem = (p: Preview, fallbackName: string): ReviewItem => ({
  id: p.id,
  title: p.ideas?.title ?? null,
  channel: p.channel,
  draft: p.draft_content,
  status: p.status,
  revision: p.revision,
  reviewedRevision: p.reviewed_revision,
  scheduledAt: p.scheduled_at,
  createdAt: p.created_at,
  clientName: p.clients?.name ?? fallbackName,
  adminNotes: p.admin_notes,
  feedback: p.client_feedback,
});

type Props = {
  db: TypedSupabaseClient;
  userId: string;
  lang: Locale;
  messages: Record<string, string>;
  displayName: string;
};

/** The client's review page: stat cards, tabs with counts, search, filters, cards with decisions. */
export function MyPreviews({ db, userId, lang, messages, displayName }: Props) {
  const t = useT(messages, lang);
  const [data, setData] = useState<Loaded | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [tab, setTab] = useState<Tab>('all');
  const [channel, setChannel] = useState('');
  const [search, setSearch] = useState('');
  useFirstContent(state === 'ready');
  // The client's stored zone (what the admin's wizard plans in), chosen in TimeZoneSetting; a
  // visit never changes it. Times are shown in it, in the browser's own until one is chosen.
  const [zone, setZone] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    fetchTimeZone(db, userId).then(setZone, () => setZone(null));
  }, [db, userId]);

  const load = useCallback(async () => {
    setState((s) => (s === 'ready' ? s : 'loading'));
    try {
      const loaded = await loadAll(db);
      // A transition: the cards render in slices, the page answers between them (as the feed).
      startTransition(() => {
        setData(loaded);
        setState('ready');
      });
    } catch {
      setState('error');
    }
  }, [db]);
  useEffect(() => {
    load();
  }, [load]);

  const previews = data?.previews ?? [];
  const convo = useConversations(
    db,
    previews.map((p) => p.id),
    t,
    userId,
  );
  const count = (s: Tab) => (s === 'all' ? previews.length : previews.filter((p) => p.status === s).length);
  const term = search.trim().toLowerCase();
  const shown = previews.filter(
    (p) =>
      (tab === 'all' || p.status === tab) &&
      (!channel || parseChannel(p.channel).includes(channel as never)) &&
      (!term ||
        (p.ideas?.title ?? '').toLowerCase().includes(term) ||
        parseChannel(p.channel).some((pl) => textFor(p.draft_content, pl).toLowerCase().includes(term)) ||
        p.draft_content.content.toLowerCase().includes(term)),
  );

  const decide = async (action: () => Promise<void>, ok: string, failed: string) => {
    try {
      await action();
      showToast({ title: ok });
      await load();
      return true;
    } catch (error) {
      const stale = (error as { code?: string }).code === 'PT409';
      showToast({ title: failed, variant: 'error', ...(stale ? { description: t('ta.my.stale') } : {}) });
      if (stale) await load();
      return false;
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-3xl">{t('ta.my.title')}</h1>
        <button type="button" className="btn-secondary" onClick={load}>
          {t('ta.refresh')}
        </button>
      </div>
      <TimeZoneSetting db={db} userId={userId} t={t} zone={zone} onSaved={setZone} />
      <StatCards
        lang={lang}
        items={[
          { key: 'total', label: t('ta.my.total'), value: count('all') },
          { key: 'pending', label: t('ta.my.pending'), value: count('pending') },
          { key: 'approved', label: t('ta.status.approved'), value: count('approved') },
          { key: 'published', label: t('ta.status.published'), value: count('published') },
          { key: 'rejected', label: t('ta.status.rejected'), value: count('rejected') },
        ]}
      />
      <div role="tablist" aria-label={t('ta.dash.filter')} className="flex flex-wrap gap-2">
        {TABS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={tab === s}
            className={tab === s ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setTab(s)}
          >
            {t(`ta.status.${s}`)} ({formatNumber(count(s), lang)})
          </button>
        ))}
      </div>
      <FilterBar
        searchLabel={t('ta.search')}
        placeholder={t('ta.my.search')}
        search={search}
        onSearch={setSearch}
        selects={[
          {
            label: t('ta.dash.filter'),
            value: tab,
            onChange: (value) => setTab(value as Tab),
            options: TABS.map((s) => ({ value: s, label: t(`ta.status.${s}`) })),
          },
          {
            label: t('ta.my.channel'),
            value: channel,
            onChange: setChannel,
            options: [
              { value: '', label: t('ta.my.allChannels') },
              ...PLATFORMS.map((p) => ({ value: p, label: platformName(p, t) })),
            ],
          },
        ]}
      />
      {state === 'loading' ? <LoadingState label={t('ta.my.loading')} /> : null}
      {state === 'error' ? (
        <ErrorState title={t('ta.loadError')} retryLabel={t('app.retry')} onRetry={load} />
      ) : null}
      {state === 'ready' ? (
        <section aria-labelledby="ta-list-title">
          <h2 id="ta-list-title" className="mb-3 text-xl">
            {t('ta.my.list', { count: shown.length })}
          </h2>
          {shown.length === 0 ? (
            <EmptyState title={t('ta.my.empty')} />
          ) : (
            <ul className="space-y-4">
              {shown.map((p) => (
                <li key={p.id}>
                  <ClientPreviewCard
                    footer={<Publications db={db} previewId={p.id} t={t} />}
                    thread={<Thread {...convo.threadProps(p.id, p.revision)} lang={lang} t={t} />}
                    item={toReviewItem(p, displayName)}
                    lang={lang}
                    t={t}
                    reviewed={data?.reviewed.get(p.id) ?? null}
                    zone={zone}
                    history={data?.history.get(p.id) ?? []}
                    onApprove={() =>
                      decide(
                        () => approvePreview(db, p.id, p.revision),
                        t('ta.my.approved'),
                        t('ta.my.approveFailed'),
                      )
                    }
                    onRequestChanges={(fb) =>
                      decide(
                        () => requestChanges(db, p.id, fb),
                        t('ta.my.changesRequested'),
                        t('ta.my.changesFailed'),
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
