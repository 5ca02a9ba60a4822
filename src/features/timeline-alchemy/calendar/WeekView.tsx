import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import { formatWhen } from '../shared/format.ts';
import { Card } from './CalendarViews.tsx';
import type { CalT } from './cal-texts.ts';
import { type CalendarItem, canMove } from './calendar-data.ts';
import { clockChange, clockOf, SNAP_MINUTES, slotInstant, slotOf, snapMinute, stepSlot } from './dates.ts';
import { placeDay } from './week-layout.ts';

/** One hour's height (px); a card is an hour tall, so cards within an hour of each other sit side by side. */
const HOUR = 56;
const SPAN = 60;
/** The working day the view opens on (its first label just in view); earlier and later hours are a scroll away. */
const FIRST_HOUR = 6;
const VISIBLE_HOURS = 17;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

type Slot = { day: string; minute: number };
type Props = {
  days: string[];
  items: CalendarItem[];
  zone: string;
  lang: Locale;
  t: CalT;
  todayKey: string;
  admin: boolean;
  onMove: (item: CalendarItem) => void;
  /** A drop or an Enter after the arrow keys: move the preview to that instant. */
  onMoveTo: (item: CalendarItem, at: Date) => void;
  /** Says a text in the page's live region (the slot the arrow keys picked). */
  announce: (text: string) => void;
};

const px = (minute: number) => (minute / 60) * HOUR;

/** The minute now in the zone, redrawn each minute (the "now" line). */
function useNow(zone: string): Slot {
  const [now, setNow] = useState(() => slotOf(new Date().toISOString(), zone));
  useEffect(() => {
    setNow(slotOf(new Date().toISOString(), zone));
    const timer = window.setInterval(() => setNow(slotOf(new Date().toISOString(), zone)), 60_000);
    return () => window.clearInterval(timer);
  }, [zone]);
  return now;
}

/**
 * The week view: seven days of hour rows in the viewer's zone and language. An admin drags a card
 * to another day and time (snapped to 15 minutes), or focuses its Move button and picks a slot
 * with the arrow keys (said in the live region), Enter to move, Escape to keep it.
 */
export function WeekView({ days, items, zone, lang, t, todayKey, admin, onMove, onMoveTo, announce }: Props) {
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const grab = useRef(0);
  const [target, setTarget] = useState<(Slot & { id: string; keys: boolean }) | null>(null);
  const now = useNow(zone);
  const weekday = dateTimeFormat(intlLocale[lang], { weekday: 'short', timeZone: 'UTC' });
  const full = dateTimeFormat(intlLocale[lang], { dateStyle: 'full', timeZone: 'UTC' });
  const noon = (d: string) => new Date(`${d}T12:00:00Z`);

  const firstDay = days[0];
  useEffect(() => {
    if (firstDay && scroller.current) scroller.current.scrollTop = FIRST_HOUR * HOUR - 8;
  }, [firstDay]);

  const byDay = new Map<string, { item: CalendarItem; minute: number }[]>();
  for (const item of items) {
    const slot = slotOf(item.scheduled_at, zone);
    byDay.set(slot.day, [...(byDay.get(slot.day) ?? []), { item, minute: slot.minute }]);
  }

  // Dragging: the card's top, not the pointer, marks the new time.
  const slotAt = (event: DragEvent<HTMLElement>, day: string): Slot => {
    const top = event.clientY - grab.current - event.currentTarget.getBoundingClientRect().top;
    return { day, minute: snapMinute((top / HOUR) * 60) };
  };
  const dragStart = (event: DragEvent<HTMLElement>) => {
    const card = (event.target as HTMLElement).closest('[data-preview-id]');
    grab.current = card ? event.clientY - card.getBoundingClientRect().top : 0;
  };
  const dragOver = (day: string) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    const slot = slotAt(event, day);
    setTarget((o) =>
      o && o.day === slot.day && o.minute === slot.minute ? o : { ...slot, id: '', keys: false },
    );
  };
  const leave = (event: DragEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setTarget(null);
  };
  const drop = (day: string) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setTarget(null);
    const item = items.find((i) => i.id === event.dataTransfer.getData('text/plain'));
    const slot = slotAt(event, day);
    if (item) onMoveTo(item, slotInstant(slot.day, slot.minute, zone));
  };

  // The keyboard: arrows pick a slot within the week, Enter moves there, Escape keeps the card.
  const keys = (item: CalendarItem) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const from = target?.id === item.id ? target : slotOf(item.scheduled_at, zone);
    const step: Record<string, [number, number]> = {
      ArrowUp: [-SNAP_MINUTES, 0],
      ArrowDown: [SNAP_MINUTES, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = step[event.key];
    if (move) {
      event.preventDefault();
      const next = stepSlot(from, ...move);
      if (!days.includes(next.day)) return;
      setTarget({ ...next, id: item.id, keys: true });
      const when = formatWhen(slotInstant(next.day, next.minute, zone).toISOString(), lang, zone);
      announce(t('tac.slotPicked', { when }));
    } else if (event.key === 'Enter' && target?.id === item.id) {
      event.preventDefault();
      setTarget(null);
      refocus.current = item.id;
      onMoveTo(item, slotInstant(target.day, target.minute, zone));
    } else if (event.key === 'Escape' && target?.id === item.id) {
      event.preventDefault();
      setTarget(null);
      announce(t('tac.slotCancelled'));
    }
  };
  // A card moved by keyboard is drawn anew in its new day (or back in its old one when refused):
  // focus stays with it unless the person has gone elsewhere.
  const refocus = useRef('');
  useEffect(() => {
    const active = document.activeElement;
    if (items && refocus.current && (!active || active === document.body)) {
      document.querySelector<HTMLElement>(`[data-preview-id="${refocus.current}"] button`)?.focus();
    }
  }, [items]);
  const ghost = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (target?.keys) ghost.current?.scrollIntoView({ block: 'nearest' });
  }, [target]);

  return (
    <div className="overflow-x-auto rounded-xl border border-ink/10">
      {admin ? (
        <p id={hintId} className="sr-only">
          {t('tac.slotHint')}
        </p>
      ) : null}
      <div className="min-w-[48rem]">
        <div className="grid grid-cols-[4rem_repeat(7,minmax(0,1fr))] border-b border-ink/10 bg-white">
          <span />
          {days.map((d) => {
            const change = clockChange(d, zone);
            return (
              <div key={`h${d}`} className="px-1 py-1 text-center text-xs" aria-hidden="true">
                <span className="font-semibold">{weekday.format(noon(d))} </span>
                <span
                  className={
                    d === todayKey ? 'rounded-full bg-violet px-1.5 font-bold text-white' : 'font-semibold'
                  }
                >
                  {Number(d.slice(8))}
                </span>
                {change ? (
                  <span className="block text-[10px] text-ink/70" data-clock-change>
                    {change.by > 0
                      ? t('tac.clockForward', { time: clockOf(change.minute, lang) })
                      : t('tac.clockBack', { time: clockOf(change.minute + 60, lang) })}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
        <div
          ref={scroller}
          className="overflow-y-auto"
          style={{ maxHeight: `min(75vh, ${VISIBLE_HOURS * HOUR}px)` }}
        >
          <div className="grid grid-cols-[4rem_repeat(7,minmax(0,1fr))]" style={{ height: 24 * HOUR }}>
            <div className="relative" aria-hidden="true">
              {HOURS.slice(1).map((h) => (
                <span
                  key={h}
                  className="absolute right-2 -translate-y-1/2 text-[11px] text-ink/60"
                  style={{ top: h * HOUR }}
                >
                  {clockOf(h * 60, lang)}
                </span>
              ))}
            </div>
            {days.map((d) => {
              const isToday = d === todayKey;
              const change = clockChange(d, zone);
              const list = byDay.get(d) ?? [];
              const placed = placeDay(
                list.map(({ item, minute }) => ({ id: item.id, minute })),
                SPAN,
              );
              return (
                <section
                  key={d}
                  aria-label={full.format(noon(d))}
                  aria-current={isToday ? 'date' : undefined}
                  data-day={d}
                  onDragStart={admin ? dragStart : undefined}
                  onDragOver={admin ? dragOver(d) : undefined}
                  onDragLeave={admin ? leave : undefined}
                  onDragEnd={admin ? () => setTarget(null) : undefined}
                  onDrop={admin ? drop(d) : undefined}
                  className={`relative border-l border-ink/10 ${isToday ? 'bg-violet/5' : 'bg-white'}`}
                  style={{
                    backgroundImage: `repeating-linear-gradient(to bottom, transparent 0 ${HOUR - 1}px, rgb(0 0 0 / 0.08) ${HOUR - 1}px ${HOUR}px)`,
                  }}
                >
                  {change && change.by > 0 ? (
                    <div
                      aria-hidden="true"
                      className="absolute inset-x-0 bg-[repeating-linear-gradient(45deg,transparent_0_6px,rgb(0_0_0/0.08)_6px_8px)]"
                      style={{ top: px(change.minute), height: px(change.by) }}
                    />
                  ) : null}
                  {isToday && now.day === d ? (
                    <div
                      aria-hidden="true"
                      data-now-line
                      className="pointer-events-none absolute inset-x-0 z-30 border-t-2 border-red-600"
                      style={{ top: px(now.minute) }}
                    >
                      <span className="absolute -top-1.5 -left-1.5 size-3 rounded-full bg-red-600" />
                    </div>
                  ) : null}
                  {target && target.day === d ? (
                    <div
                      ref={ghost}
                      aria-hidden="true"
                      data-drop-slot={clockOf(target.minute, lang)}
                      className="pointer-events-none absolute inset-x-0.5 z-10 rounded-md border-2 border-dashed border-violet bg-violet/10 px-1 text-[11px] font-semibold text-violet"
                      style={{ top: px(target.minute), height: px(SPAN) - 2 }}
                    >
                      {clockOf(target.minute, lang)}
                    </div>
                  ) : null}
                  <ul>
                    {list.map(({ item, minute }) => {
                      const at = placed.get(item.id) ?? { col: 0, cols: 1 };
                      return (
                        <Card
                          key={item.id}
                          item={item}
                          zone={zone}
                          lang={lang}
                          t={t}
                          admin={admin}
                          onMove={onMove}
                          placed={{
                            style: {
                              top: px(minute) + 1,
                              height: px(SPAN) - 2,
                              left: `calc(${(100 * at.col) / at.cols}% + 2px)`,
                              width: `calc(${100 / at.cols}% - 4px)`,
                            },
                            hintId,
                            onKeyDown: admin && canMove(item) ? keys(item) : () => {},
                            onBlur: (event) => {
                              setTarget((o) => (o?.id === item.id ? null : o));
                              if (event.relatedTarget) refocus.current = '';
                            },
                          }}
                        />
                      );
                    })}
                  </ul>
                </section>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
