import { useCallback, useEffect, useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showToast } from '~/components/toast.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import { useFirstContent } from '~/lib/first-content.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type Client, fetchClients, fetchTimeZone } from '../data.ts';
import { formatWhen, localZone } from '../shared/format.ts';
import { DayGrid, Legend, ListView } from './CalendarViews.tsx';
import { type CalTexts, useCalT } from './cal-texts.ts';
import { type CalendarItem, canMove, fetchCalendar, moveFailure, movePreview } from './calendar-data.ts';
import { daysOf, isDay, rangeOf, sameTimeOn, shift, today, VIEWS, type View } from './dates.ts';
import { MoveDialog } from './MoveDialog.tsx';
import { WeekView } from './WeekView.tsx';

type Props = {
  db: TypedSupabaseClient;
  userId: string;
  lang: Locale;
  messages: CalTexts;
  /** The admin sees every client (with a filter) and moves previews; a client sees her own. */
  admin: boolean;
};

/** View, day and client from the address (`?view=week&date=2026-12-01&client=<id>`), so a reload keeps them. */
function fromAddress(): { view: View; date: string | null; client: string } {
  const params = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const view = params.get('view') as View;
  const date = params.get('date');
  return {
    view: VIEWS.includes(view) ? view : 'month',
    date: isDay(date) ? date : null,
    client: /^[0-9a-f-]{36}$/i.test(params.get('client') ?? '') ? (params.get('client') as string) : '',
  };
}

/** The Timeline Alchemy calendar: month, week and list, in the viewer's zone and language. */
export function Calendar({ db, userId, lang, messages, admin }: Props) {
  const t = useCalT(messages, lang);
  const [initial] = useState(fromAddress);
  const [zone, setZone] = useState<string | null>(null);
  const [view, setView] = useState<View>(initial.view);
  const [anchor, setAnchor] = useState<string | null>(initial.date);
  const [client, setClient] = useState(initial.client);
  const [clients, setClients] = useState<Client[]>([]);
  const [items, setItems] = useState<CalendarItem[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [moving, setMoving] = useState<CalendarItem | null>(null);
  const [said, setSaid] = useState('');
  useFirstContent(state !== 'loading');

  // The viewer's explicit zone setting (the client's is what the admin plans in), else the browser's.
  useEffect(() => {
    fetchTimeZone(db, userId).then(
      (z) => setZone(z ?? localZone()),
      () => setZone(localZone()),
    );
    if (admin) fetchClients(db).then(setClients, () => setClients([]));
  }, [db, userId, admin]);

  const todayKey = zone ? today(zone) : '';
  const day = anchor ?? todayKey;
  const days = useMemo(() => (day ? daysOf(view, day, lang) : []), [view, day, lang]);

  const load = useCallback(async () => {
    if (!zone || days.length === 0) return;
    setState((s) => (s === 'ready' ? s : 'loading'));
    try {
      setItems(await fetchCalendar(db, rangeOf(days, zone), client || undefined));
      setState('ready');
    } catch {
      setState('error');
    }
  }, [db, zone, days, client]);
  useEffect(() => {
    load();
  }, [load]);

  useEffect(() => {
    const params = new URLSearchParams();
    if (view !== 'month') params.set('view', view);
    if (anchor) params.set('date', anchor);
    if (client) params.set('client', client);
    const query = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }, [view, anchor, client]);

  const say = (text: string, error = false) => {
    setSaid(text);
    showToast({ title: text, ...(error ? { variant: 'error' as const } : {}) });
  };

  // Shown at once where it was put; a refusal puts it back and says why.
  const move = async (item: CalendarItem, at: Date) => {
    setMoving(null);
    if (!zone || !canMove(item) || at.toISOString() === new Date(item.scheduled_at).toISOString()) return;
    const before = items;
    setItems((list) => list.map((i) => (i.id === item.id ? { ...i, scheduled_at: at.toISOString() } : i)));
    try {
      const status = await movePreview(db, item.id, at);
      const when = formatWhen(at.toISOString(), lang, zone);
      say(
        item.status === 'approved' && status === 'pending'
          ? t('tac.movedApproval', { when })
          : t('tac.moved', { when }),
      );
      await load();
    } catch (error) {
      setItems(before);
      say(t('tac.moveFailed', { reason: t(`tac.reason.${moveFailure(error)}`) }), true);
    }
  };
  const dropOn = (id: string, target: string) => {
    const item = items.find((i) => i.id === id);
    const at = item && zone ? sameTimeOn(item.scheduled_at, target, zone) : null;
    if (item && at) move(item, at);
  };

  const heading = day
    ? dateTimeFormat(intlLocale[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${view === 'week' ? days[3] : day}T12:00:00Z`),
      )
    : '';
  const views = { month: t('tac.view.month'), week: t('tac.view.week'), list: t('tac.view.list') };
  const shared = { items, zone: zone ?? 'UTC', lang, t, todayKey, admin, onMove: setMoving };

  return (
    <div className="space-y-4">
      <h1 className="text-3xl">{t('tac.title')}</h1>
      <div className="flex flex-wrap items-center gap-3">
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t('tac.view.label')}</legend>
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={view === v ? 'btn-primary' : 'btn-secondary'}
              onClick={() => setView(v)}
            >
              {views[v]}
            </button>
          ))}
        </fieldset>
        <div className="flex gap-1">
          <button type="button" className="btn-secondary" onClick={() => setAnchor(shift(view, day, -1))}>
            <span aria-hidden="true">‹ </span>
            {t('tac.prev')}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setAnchor(null)}>
            {t('tac.today')}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setAnchor(shift(view, day, 1))}>
            {t('tac.next')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
        {admin ? (
          <label className="flex items-center gap-2 text-sm">
            {t('tac.client')}
            <select className="input" value={client} onChange={(e) => setClient(e.target.value)}>
              <option value="">{t('tac.allClients')}</option>
              {clients.map((c) => (
                <option key={c.profile_id} value={c.profile_id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <h2 className="text-xl capitalize" aria-live="polite">
        {heading}
      </h2>
      <p className="text-sm text-ink/70">
        {zone ? t('tac.zone', { zone }) : ''}
        {admin ? ` ${t('tac.moveHint')}` : ''}
      </p>
      <Legend t={t} />
      <p role="status" aria-live="polite" className="sr-only" data-calendar-said>
        {said}
      </p>
      {state === 'loading' ? (
        <LoadingState label={t('tac.loading')} />
      ) : state === 'error' ? (
        <ErrorState title={t('tac.loadFailed')} retryLabel={t('tac.retry')} onRetry={load} />
      ) : (
        <>
          {items.length === 0 ? <EmptyState title={t('tac.empty')} /> : null}
          {view === 'list' ? (
            items.length > 0 ? (
              <ListView {...shared} />
            ) : null
          ) : view === 'week' ? (
            <WeekView {...shared} days={days} onMoveTo={move} announce={setSaid} />
          ) : (
            <DayGrid {...shared} days={days} month={day.slice(0, 7)} onDrop={dropOn} />
          )}
        </>
      )}
      {admin && zone ? (
        <MoveDialog item={moving} zone={zone} t={t} onSave={move} onClose={() => setMoving(null)} />
      ) : null}
    </div>
  );
}
