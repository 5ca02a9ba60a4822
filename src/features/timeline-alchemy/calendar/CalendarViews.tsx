import { type CSSProperties, type DragEvent, type FocusEvent, type KeyboardEvent, useState } from 'react';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import type { CalT } from './cal-texts.ts';
import { type CalendarItem, type CalendarStatus, canMove, statusOf } from './calendar-data.ts';
import { clockOf, dayOf, slotOf } from './dates.ts';

/** Colour, symbol and name together: the status never rests on colour alone. */
const LOOK: Record<CalendarStatus, { style: string; icon: string }> = {
  pending: { style: 'border-amber-500 bg-amber-50 text-amber-950', icon: '◷' },
  approved: { style: 'border-emerald-600 bg-emerald-50 text-emerald-950', icon: '✓' },
  rejected: { style: 'border-red-600 bg-red-50 text-red-950', icon: '✎' },
  publishing: { style: 'border-violet-600 bg-violet-50 text-violet-950', icon: '↻' },
  published: { style: 'border-sky-600 bg-sky-50 text-sky-950', icon: '●' },
};
const STATUSES: CalendarStatus[] = ['pending', 'approved', 'rejected', 'publishing', 'published'];
const statusLabel = (status: CalendarStatus, t: CalT) =>
  status === 'publishing' ? t('tac.status.publishing') : t(`ta.status.${status}`);

export function Legend({ t }: { t: CalT }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span className="font-semibold">{t('tac.legend')}:</span>
      <ul className="flex flex-wrap gap-3" aria-label={t('tac.legend')}>
        {STATUSES.map((s) => (
          <li key={s} className={`rounded-full border-l-4 px-2.5 py-0.5 ${LOOK[s].style}`}>
            <span aria-hidden="true">{LOOK[s].icon} </span>
            {statusLabel(s, t)}
          </li>
        ))}
      </ul>
    </div>
  );
}

type CardProps = {
  item: CalendarItem;
  zone: string;
  lang: Locale;
  t: CalT;
  admin: boolean;
  onMove: (item: CalendarItem) => void;
  /** The week view: the card sits at its time, and arrow keys on its Move button pick another. */
  placed?: {
    style: CSSProperties;
    hintId: string;
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
    onBlur: (event: FocusEvent<HTMLButtonElement>) => void;
  };
};

export function Card({ item, zone, lang, t, admin, onMove, placed }: CardProps) {
  const status = statusOf(item);
  const movable = admin && canMove(item);
  const title = item.title.trim() || t('ta.untitled');
  return (
    <li
      data-preview-id={item.id}
      data-status={status}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', item.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      style={placed?.style}
      className={`rounded-md border-l-4 px-2 py-1 text-xs ${LOOK[status].style} ${movable ? 'cursor-grab' : ''} ${
        placed ? 'absolute overflow-hidden py-0.5 leading-4 hover:z-20 focus-within:z-20' : ''
      }`}
    >
      <p className={`font-semibold ${placed ? 'truncate' : ''}`}>
        <time dateTime={item.scheduled_at}>{clockOf(slotOf(item.scheduled_at, zone).minute, lang)}</time>{' '}
        {title}
      </p>
      <p className={placed ? 'truncate' : ''}>
        <span aria-hidden="true">{LOOK[status].icon} </span>
        {statusLabel(status, t)}
        {admin && item.client ? ` · ${item.client}` : ''}
      </p>
      {movable ? (
        <button
          type="button"
          className={`${placed ? '' : 'mt-1'} underline hover:no-underline`}
          aria-label={t('tac.moveTitle', { title })}
          aria-describedby={placed?.hintId}
          onClick={() => onMove(item)}
          onKeyDown={placed?.onKeyDown}
          onBlur={placed?.onBlur}
        >
          {t('tac.move')}
        </button>
      ) : admin ? (
        <p className={`${placed ? 'truncate' : 'mt-1'} italic`}>{t('tac.locked')}</p>
      ) : null}
    </li>
  );
}

type GridProps = {
  days: string[];
  /** The month shown ('YYYY-MM'); days outside it are dimmed. */
  month: string;
  items: CalendarItem[];
  zone: string;
  lang: Locale;
  t: CalT;
  todayKey: string;
  admin: boolean;
  onMove: (item: CalendarItem) => void;
  onDrop: (id: string, day: string) => void;
};

/** The month view: a grid of days; an admin drops a card on a day to move it there (same time of day). */
export function DayGrid({ days, month, items, zone, lang, t, todayKey, admin, onMove, onDrop }: GridProps) {
  const [over, setOver] = useState<string | null>(null);
  const weekday = dateTimeFormat(intlLocale[lang], { weekday: 'short', timeZone: 'UTC' });
  const full = dateTimeFormat(intlLocale[lang], { dateStyle: 'full', timeZone: 'UTC' });
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const key = dayOf(item.scheduled_at, zone);
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  const drop = (day: string) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const id = event.dataTransfer.getData('text/plain');
    if (id) onDrop(id, day);
  };
  return (
    <div className="overflow-x-auto">
      <div className="grid min-w-[42rem] grid-cols-7 gap-px rounded-xl bg-ink/10 p-px">
        {days.slice(0, 7).map((d) => (
          <div
            key={`h${d}`}
            className="bg-white px-2 py-1 text-center text-xs font-semibold"
            aria-hidden="true"
          >
            {weekday.format(new Date(`${d}T12:00:00Z`))}
          </div>
        ))}
        {days.map((d) => {
          const isToday = d === todayKey;
          const label = full.format(new Date(`${d}T12:00:00Z`));
          return (
            <section
              key={d}
              aria-label={label}
              aria-current={isToday ? 'date' : undefined}
              data-day={d}
              onDragOver={
                admin
                  ? (event) => {
                      event.preventDefault();
                      setOver(d);
                    }
                  : undefined
              }
              onDragLeave={admin ? () => setOver((o) => (o === d ? null : o)) : undefined}
              onDrop={admin ? drop(d) : undefined}
              className={`min-h-28 bg-white p-1.5 ${d.startsWith(month) ? '' : 'bg-white/60 text-ink/50'} ${over === d ? 'outline-2 outline-violet' : ''} ${isToday ? 'ring-2 ring-inset ring-violet' : ''}`}
            >
              <p className="mb-1 text-xs">
                <span
                  className={isToday ? 'rounded-full bg-violet px-1.5 font-bold text-white' : 'font-semibold'}
                >
                  {Number(d.slice(8))}
                </span>
                {isToday ? (
                  <span className="ml-1 font-semibold text-violet">{t('tac.todayMark')}</span>
                ) : null}
              </p>
              <ul className="space-y-1">
                {(byDay.get(d) ?? []).map((item) => (
                  <Card
                    key={item.id}
                    item={item}
                    zone={zone}
                    lang={lang}
                    t={t}
                    admin={admin}
                    onMove={onMove}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}

type ListProps = Omit<GridProps, 'days' | 'month' | 'onDrop'>;

/** The list view: the period's scheduled previews by day, in order. */
export function ListView({ items, zone, lang, t, todayKey, admin, onMove }: ListProps) {
  const full = dateTimeFormat(intlLocale[lang], { dateStyle: 'full', timeZone: 'UTC' });
  const groups: [string, CalendarItem[]][] = [];
  for (const item of items) {
    const key = dayOf(item.scheduled_at, zone);
    const last = groups.at(-1);
    if (last && last[0] === key) last[1].push(item);
    else groups.push([key, [item]]);
  }
  return (
    <div className="space-y-4">
      {groups.map(([day, list]) => (
        <section key={day} aria-current={day === todayKey ? 'date' : undefined} data-day={day}>
          <h2 className="mb-2 text-base font-semibold">
            {full.format(new Date(`${day}T12:00:00Z`))}
            {day === todayKey ? <span className="ml-2 text-violet">({t('tac.todayMark')})</span> : null}
          </h2>
          <ul className="space-y-2">
            {list.map((item) => (
              <Card key={item.id} item={item} zone={zone} lang={lang} t={t} admin={admin} onMove={onMove} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
