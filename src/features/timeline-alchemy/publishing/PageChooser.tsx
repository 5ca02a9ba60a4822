import { useEffect, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { T } from '../shared/format.ts';
import { choosePage, type PageOption, pageOptions } from './data.ts';

/**
 * After Facebook Login: the Pages the person manages (as Facebook listed them), each with its linked
 * Instagram account; the client connects one. The database offers only this client's own list.
 */
export function PageChooser({ db, t, onDone }: { db: TypedSupabaseClient; t: T; onDone: () => void }) {
  const [options, setOptions] = useState<PageOption[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    pageOptions(db).then(setOptions, () => setOptions([]));
  }, [db]);
  if (options === null) return null;
  const pick = (pageId: string) => {
    setBusy(true);
    choosePage(db, pageId).then(onDone, () => {
      setBusy(false);
      setFailed(true);
    });
  };
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10" aria-labelledby="page-chooser">
      <h2 id="page-chooser" className="text-xl">
        {t('ta.social.choose.title')}
      </h2>
      {options.length === 0 || failed ? <p role="alert">{t('ta.social.choose.expired')}</p> : null}
      <ul className="mt-3 space-y-2">
        {options.map((o) => (
          <li key={o.page_id} className="flex flex-wrap items-center gap-3">
            <span>
              <strong>{o.page_name}</strong> ·{' '}
              {o.instagram_username
                ? t('ta.social.choose.withInstagram', { username: o.instagram_username })
                : t('ta.social.choose.noInstagram')}
            </span>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => pick(o.page_id)}>
              {t('ta.social.choose.pick', { page: o.page_name })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
