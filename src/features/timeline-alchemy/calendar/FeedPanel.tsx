import { useEffect, useState } from 'react';
import { showToast } from '~/components/toast.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { CalT } from './cal-texts.ts';
import { feedCreated, feedUrl, newFeed, revokeFeed } from './calendar-data.ts';

type Props = { db: TypedSupabaseClient; lang: Locale; t: CalT };

/**
 * The client's private iCalendar feed link: made here and shown once (only its hash is kept),
 * copied, revoked, or replaced by a new one (which revokes the old).
 */
export function FeedPanel({ db, lang, t }: Props) {
  const [since, setSince] = useState<string | null | undefined>(undefined);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    feedCreated(db).then(setSince, () => setSince(null));
  }, [db]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      showToast({ title: t('tac.feed.failed'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const make = () =>
    run(async () => {
      const token = await newFeed(db, lang);
      setUrl(feedUrl(window.location.origin, token));
      setSince(new Date().toISOString());
    });
  const revoke = () =>
    run(async () => {
      await revokeFeed(db);
      setUrl(null);
      setSince(null);
      showToast({ title: t('tac.feed.revoked') });
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: t('tac.feed.copied') });
    } catch {
      (document.getElementById('tac-feed-url') as HTMLInputElement | null)?.select();
    }
  };

  return (
    <section aria-labelledby="tac-feed-title" className="rounded-2xl border border-ink/10 bg-white p-5">
      <h2 id="tac-feed-title" className="text-xl">
        {t('tac.feed.title')}
      </h2>
      <p className="mt-1 text-sm text-ink/80">{t('tac.feed.lead')}</p>
      {url ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <label className="block min-w-0 flex-1 text-sm font-medium">
            {t('tac.feed.url')}
            <input id="tac-feed-url" readOnly className="input mt-1 w-full font-mono text-xs" value={url} />
          </label>
          <button type="button" className="btn-secondary" onClick={copy}>
            {t('tac.feed.copy')}
          </button>
        </div>
      ) : since ? (
        <p className="mt-3 text-sm">
          {t('tac.feed.since', {
            date: dateTimeFormat(intlLocale[lang], { dateStyle: 'medium' }).format(new Date(since)),
          })}
        </p>
      ) : since === null ? (
        <p className="mt-3 text-sm">{t('tac.feed.none')}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={busy || since === undefined} onClick={make}>
          {since ? t('tac.feed.renew') : t('tac.feed.make')}
        </button>
        {since ? (
          <button type="button" className="btn-secondary" disabled={busy} onClick={revoke}>
            {t('tac.feed.revoke')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
