import { useEffect, useMemo, useState } from 'react';
import { showToast } from '~/components/toast.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { saveMyTimeZone } from '../data.ts';
import { localZone, type T } from '../shared/format.ts';

type Props = {
  db: TypedSupabaseClient;
  userId: string;
  t: T;
  /** The stored zone (null: none chosen yet); undefined while it loads. */
  zone: string | null | undefined;
  onSaved: (zone: string) => void;
};

/** Every IANA zone the browser knows, with the ones in play kept even if it lacks them. */
function zoneList(...keep: Array<string | null | undefined>): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, ...keep.filter((z): z is string => Boolean(z))])].sort();
}

/**
 * The client's time zone as an explicit setting: the stored one, the browser's offered as a
 * suggestion. A visit never changes it (a visit from a UTC browser used to move it); only Save.
 */
export function TimeZoneSetting({ db, userId, t, zone, onSaved }: Props) {
  const browser = useMemo(localZone, []);
  const [choice, setChoice] = useState(zone ?? browser);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (zone) setChoice(zone);
  }, [zone]);
  const zones = useMemo(() => zoneList(zone, browser), [zone, browser]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const stored = await saveMyTimeZone(db, choice, userId).catch(() => null);
    setSaving(false);
    if (stored === choice) {
      onSaved(stored);
      showToast({ title: t('ta.zone.saved', { zone: stored }) });
    } else showToast({ title: t('ta.zone.failed'), variant: 'error' });
  };

  return (
    <section
      aria-labelledby="ta-zone-title"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink/10"
      data-testid="time-zone-setting"
    >
      <h2 id="ta-zone-title" className="text-lg">
        {t('ta.zone.title')}
      </h2>
      {/* Two lines held on a phone (one wider) while the zone loads: the counters below stay put. */}
      <p className="mt-1 min-h-10 text-sm text-ink/75 sm:min-h-5">
        {zone === undefined
          ? ''
          : zone
            ? t('ta.zone.current', { zone })
            : t('ta.zone.unset', { zone: browser })}
      </p>
      <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={save}>
        <label className="flex min-w-0 flex-col gap-1 text-sm">
          {t('ta.zone.label')}
          <select
            className="field-input max-w-full"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </label>
        {choice !== browser ? (
          <button type="button" className="btn-secondary" onClick={() => setChoice(browser)}>
            {t('ta.zone.useBrowser', { zone: browser })}
          </button>
        ) : null}
        <button
          type="submit"
          className="btn-primary"
          disabled={saving || zone === undefined || choice === zone}
        >
          {t('ta.zone.save')}
        </button>
      </form>
    </section>
  );
}
