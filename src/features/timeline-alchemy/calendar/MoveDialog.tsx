import { useRef, useState } from 'react';
import { useModalDialog } from '~/components/app/use-modal-dialog.ts';
import { utcToZoned, zonedToUtc } from '../shared/format.ts';
import type { CalT } from './cal-texts.ts';
import type { CalendarItem } from './calendar-data.ts';

type Props = {
  item: CalendarItem | null;
  zone: string;
  t: CalT;
  onSave: (item: CalendarItem, at: Date) => void;
  onClose: () => void;
};

/**
 * The keyboard way to move a preview: a native modal dialog (focus kept inside, Escape closes)
 * with a date and a time in the viewer's zone; focus returns to the card's Move button.
 */
export function MoveDialog({ item, zone, t, onSave, onClose }: Props) {
  const movedId = useRef('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const ref = useModalDialog(item !== null, {
    onOpen: () => {
      if (!item) return;
      const at = utcToZoned(item.scheduled_at, zone);
      setDate(at.date);
      setTime(at.time);
      movedId.current = item.id;
    },
    // A moved card is drawn anew in its new day: focus its Move button there.
    fallback: () => document.querySelector<HTMLElement>(`[data-preview-id="${movedId.current}"] button`),
  });

  const at = zonedToUtc(date, time, zone);
  const title = item ? item.title.trim() || t('ta.untitled') : '';
  return (
    <dialog
      ref={ref}
      aria-labelledby="move-dialog-title"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-ink/50"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (item && at) onSave(item, at);
        }}
      >
        <h2 id="move-dialog-title" className="text-xl">
          {t('tac.moveTitle', { title })}
        </h2>
        <p className="mt-1 text-sm text-ink/70">{t('tac.zone', { zone })}</p>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <label className="block text-sm font-medium">
            {t('tac.moveDate')}
            <input
              type="date"
              required
              className="input mt-1 w-full"
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </label>
          <label className="block text-sm font-medium">
            {t('tac.moveTime')}
            <input
              type="time"
              required
              className="input mt-1 w-full"
              value={time}
              onChange={(e) => setTime(e.target.value)}
            />
          </label>
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('tac.moveCancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={!at}>
            {t('tac.moveSave')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
