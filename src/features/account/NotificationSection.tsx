import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { TOPICS, type Topic } from '~/features/notifications/index.ts';
import type { Tr } from '~/i18n/bind.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import type { Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import {
  type Choice,
  MODES,
  type Mode,
  type Preferences,
  pauseNotificationMail,
  readNotificationPreferences,
  saveNotificationPreferences,
} from './account-data.ts';
import { CARD, errorsModule, Feedback } from './ui.tsx';

type Props = { db: TypedSupabaseClient; lang: Locale; t: Tr };

const browserZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};

const zones = (current: string): string[] => {
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  return all.includes(current) ? all : [current, ...all];
};

/**
 * Notification preferences (issue 22, point 5): per topic in the app on/off and e-mail at once,
 * in the daily summary or off; the summary's time zone (the browser's suggested); pause all
 * e-mail for a week. Saved through database functions; a failed save keeps every choice on screen.
 */
export function NotificationSection({ db, lang, t }: Props) {
  const id = useId();
  const [choices, setChoices] = useState<Choice[]>([]);
  const [zone, setZone] = useState<string>(browserZone() ?? 'Europe/Amsterdam');
  const [savedZone, setSavedZone] = useState<string | null>(null);
  const [pausedUntil, setPausedUntil] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const apply = useCallback((state: Preferences) => {
    setChoices(state.topics);
    setPausedUntil(state.paused_until);
    if (state.time_zone) {
      setSavedZone(state.time_zone);
      setZone(state.time_zone);
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    readNotificationPreferences(db).then(({ preferences: state, error: failure }) => {
      if (cancelled) return;
      if (failure || !state) return setError(t('account.notifications.loadFailed'));
      apply(state);
      setLoaded(true);
    });
    return () => {
      cancelled = true;
    };
  }, [db, t, apply]);

  async function run(action: () => ReturnType<typeof readNotificationPreferences>, done: string) {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const { preferences: state, error: failure } = await action();
      if (failure || !state) {
        const { errorText } = await errorsModule();
        return setError(
          `${t('account.failed')}: ${errorText(t, failure as Parameters<typeof errorText>[1])}`,
        );
      }
      apply(state);
      setNotice(done);
    } catch {
      setError(t('error.network_error'));
    } finally {
      setBusy(false);
    }
  }

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => saveNotificationPreferences(db, choices, { chosen: zone, saved: savedZone }),
      t('account.notifications.saved'),
    );
  };
  const pause = (days: number) =>
    run(() => pauseNotificationMail(db, days), days > 0 ? '' : t('account.notifications.resumed'));
  const change = (topic: Topic, patch: Partial<Choice>) =>
    setChoices((all) => all.map((c) => (c.topic === topic ? { ...c, ...patch } : c)));
  const suggested = browserZone();
  const until = pausedUntil
    ? dateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(pausedUntil))
    : null;

  return (
    <section id="notifications" aria-labelledby={`${id}-h`} className={CARD}>
      <h2 id={`${id}-h`} className="text-2xl">
        {t('account.notifications.heading')}
      </h2>
      <p className="mt-2 text-ink/80">{t('account.notifications.lead')}</p>
      <form onSubmit={save} className="mt-4 space-y-4" aria-busy={!loaded || busy}>
        <table className="w-full text-left">
          <thead>
            <tr>
              <th scope="col">{t('account.notifications.topicColumn')}</th>
              <th scope="col">{t('account.notifications.inApp')}</th>
              <th scope="col">{t('account.notifications.email')}</th>
            </tr>
          </thead>
          <tbody>
            {TOPICS.map((topic) => {
              const choice = choices.find((c) => c.topic === topic);
              if (!choice) return null;
              const name = t(`account.notifications.topic.${topic}`);
              return (
                <tr key={topic} data-topic={topic}>
                  <th scope="row" className="py-2 pr-4 font-normal capitalize">
                    {name}
                  </th>
                  <td className="py-2 pr-4">
                    <input
                      type="checkbox"
                      aria-label={`${t('account.notifications.inApp')}: ${name}`}
                      checked={choice.in_app}
                      onChange={(e) => change(topic, { in_app: e.target.checked })}
                    />
                  </td>
                  <td className="py-2">
                    <select
                      className="field-input"
                      aria-label={`${t('account.notifications.email')}: ${name}`}
                      value={choice.email}
                      onChange={(e) => change(topic, { email: e.target.value as Mode })}
                    >
                      {MODES.map((mode) => (
                        <option key={mode} value={mode}>
                          {t(`account.notifications.email.${mode}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div>
          <label className="field-label" htmlFor={`${id}-zone`}>
            {t('account.notifications.timeZone')}
          </label>
          <select
            id={`${id}-zone`}
            className="field-input"
            value={zone}
            disabled={!loaded}
            onChange={(e) => setZone(e.target.value)}
          >
            {zones(zone).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
          {suggested && suggested !== zone && (
            <button type="button" className="btn-secondary mt-2" onClick={() => setZone(suggested)}>
              {t('account.notifications.useBrowserZone', { zone: suggested })}
            </button>
          )}
        </div>
        <Feedback error={error} notice={notice} />
        <button type="submit" className="btn-primary" disabled={busy || !loaded}>
          {busy ? t('account.saving') : t('account.notifications.submit')}
        </button>
      </form>
      <div className="mt-6 border-t border-ink/10 pt-4">
        {until ? (
          <>
            <p role="status">{t('account.notifications.paused', { until })}</p>
            <button type="button" className="btn-secondary mt-2" disabled={busy} onClick={() => pause(0)}>
              {t('account.notifications.resume')}
            </button>
          </>
        ) : (
          <button type="button" className="btn-secondary" disabled={busy || !loaded} onClick={() => pause(7)}>
            {t('account.notifications.pause')}
          </button>
        )}
      </div>
    </section>
  );
}
