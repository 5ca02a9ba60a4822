import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '~/components/app/ConfirmDialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showToast } from '~/components/toast.ts';
import { formatNumber } from '~/i18n/format.ts';
import type { Locale } from '~/i18n/locales.ts';
import { useFirstContent } from '~/lib/first-content.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { Thread } from '../conversation/Thread.tsx';
import { useConversations } from '../conversation/useConversations.ts';
import {
  type Client,
  type Counts,
  type Cursor,
  deletePreview,
  fetchClients,
  fetchCounts,
  fetchDashboard,
  PAGE_SIZE,
  type Preview,
} from '../data.ts';
import { ClientConnections } from '../publishing/ClientConnections.tsx';
import { Publications } from '../publishing/Publications.tsx';
import { FilterBar } from '../shared/FilterBar.tsx';
import { useT } from '../shared/format.ts';
import { StatCards } from '../shared/StatCards.tsx';
import { AdminPreviewCard } from './AdminPreviewCard.tsx';
import { ReviewLinkButton } from './ReviewLinkButton.tsx';

type Filter = 'all' | 'pending' | 'approved' | 'rejected' | 'published' | 'overdue';
const FILTERS: Filter[] = ['all', 'pending', 'approved', 'rejected', 'published', 'overdue'];

type Props = {
  db: TypedSupabaseClient;
  /** The signed-in admin (their own comments can be edited). */
  userId: string;
  lang: Locale;
  messages: Record<string, string>;
  wizardPath: string;
};

/** The admin's overview: counts, search, status filter, cards, keyset pages. */
export function Dashboard({ db, userId, lang, messages, wizardPath }: Props) {
  const t = useT(messages, lang);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [items, setItems] = useState<Preview[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [more, setMore] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [clients, setClients] = useState<Client[]>([]);
  const request = useRef(0);
  const deleted = new Set(clients.filter((c) => c.account_deleted_at).map((c) => c.profile_id));
  useFirstContent(state === 'ready');
  const convo = useConversations(
    db,
    items.map((p) => p.id),
    t,
    userId,
  );

  const load = useCallback(
    async (cursor: Cursor) => {
      const mine = ++request.current;
      if (!cursor) setState('loading');
      try {
        const { items: page, counts: c } = await fetchDashboard(db, {
          status: filter,
          search: query,
          cursor,
        });
        if (mine !== request.current) return;
        // A transition: React renders the cards in slices and lets the page answer between them
        // (one long task on a phone otherwise: Lighthouse's blocking time), as the feed does.
        startTransition(() => {
          setItems((prev) => (cursor ? [...prev, ...page] : page));
          if (c) setCounts(c);
          setMore(page.length === PAGE_SIZE);
          setState('ready');
        });
      } catch {
        if (mine !== request.current) return;
        if (cursor) showToast({ title: t('ta.loadError'), variant: 'error' });
        else setState('error');
      }
    },
    [db, filter, query, t],
  );

  useEffect(() => {
    load(null);
  }, [load]);
  // The review-link picker's list, and which clients deleted their account (a badge on their cards).
  useEffect(() => {
    fetchClients(db).then(setClients, () => undefined);
  }, [db]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deletePreview(db, deleting.id);
      setItems((prev) => prev.filter((p) => p.id !== deleting.id));
      showToast({ title: t('ta.dash.deleted'), variant: 'success' });
      fetchCounts(db).then(setCounts, () => undefined);
    } catch {
      showToast({ title: t('ta.dash.deleteFailed'), variant: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const last = items.at(-1);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-3xl">{t('ta.dash.title')}</h1>
        <button type="button" className="btn-secondary" onClick={() => load(null)}>
          {t('ta.refresh')}
        </button>
        <a className="btn-primary" href={wizardPath}>
          {t('ta.dash.create')}
        </a>
      </div>
      <ClientConnections db={db} t={t} />
      <StatCards
        lang={lang}
        items={[
          { key: 'total', label: t('ta.dash.total'), value: counts?.total },
          { key: 'pending', label: t('ta.status.pending'), value: counts?.pending },
          { key: 'approved', label: t('ta.status.approved'), value: counts?.approved },
          { key: 'rejected', label: t('ta.status.rejected'), value: counts?.rejected },
          { key: 'published', label: t('ta.status.published'), value: counts?.published },
          { key: 'overdue', label: t('ta.status.overdue'), value: counts?.overdue },
        ]}
      />
      <ReviewLinkButton db={db} t={t} clients={clients} />
      <FilterBar
        searchLabel={t('ta.search')}
        placeholder={t('ta.dash.searchPlaceholder')}
        search={search}
        onSearch={setSearch}
        onSubmit={() => setQuery(search)}
        submitLabel={t('ta.search')}
      />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('ta.dash.filter')}</legend>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            className={filter === f ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setFilter(f)}
          >
            {t(`ta.status.${f}`)}
            {counts ? ` (${formatNumber(f !== 'all' ? counts[f] : counts.total, lang)})` : ''}
          </button>
        ))}
      </fieldset>
      {state === 'loading' ? <LoadingState label={t('ta.my.loading')} /> : null}
      {state === 'error' ? (
        <ErrorState title={t('ta.loadError')} retryLabel={t('app.retry')} onRetry={() => load(null)} />
      ) : null}
      {state === 'ready' && items.length === 0 ? <EmptyState title={t('ta.dash.empty')} /> : null}
      {state === 'ready' ? (
        <ul className="grid gap-4 lg:grid-cols-2">
          {items.map((p) => (
            <li key={p.id}>
              <AdminPreviewCard
                footer={<Publications db={db} previewId={p.id} t={t} admin />}
                thread={<Thread {...convo.threadProps(p.id, p.revision)} lang={lang} t={t} />}
                preview={p}
                lang={lang}
                t={t}
                wizardPath={wizardPath}
                clientDeleted={deleted.has(p.client_id)}
                onDelete={() => setDeleting(p)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {state === 'ready' && more && last ? (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => load({ created_at: last.created_at, id: last.id })}
        >
          {t('ta.loadMore')}
        </button>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('ta.dash.delete')}
        confirmLabel={t('ta.dash.delete')}
        cancelLabel={t('app.cancel')}
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {t('ta.dash.deleteConfirm')}
      </ConfirmDialog>
    </div>
  );
}
