import { useEffect, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { T } from '../shared/format.ts';
import {
  type ChoosingPlatform,
  choosePage,
  isOrganizationPage,
  type PageOption,
  pageOptions,
} from './data.ts';

const TEXTS = {
  facebook: {
    title: 'ta.social.choose.title',
    expired: 'ta.social.choose.expired',
    pick: 'ta.social.choose.pick',
  },
  linkedin: {
    title: 'ta.social.chooseLinkedIn.title',
    expired: 'ta.social.chooseLinkedIn.expired',
    pick: 'ta.social.chooseLinkedIn.pick',
  },
} as const;

/**
 * After a login that ends in a choice: Facebook's Pages (each with its linked Instagram account),
 * or LinkedIn's member and the organization pages they administer; the client connects one. The
 * database offers only this client's own list.
 */
export function PageChooser({
  db,
  t,
  platform,
  onDone,
}: {
  db: TypedSupabaseClient;
  t: T;
  platform: ChoosingPlatform;
  onDone: () => void;
}) {
  const [options, setOptions] = useState<PageOption[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    pageOptions(db, platform).then(setOptions, () => setOptions([]));
  }, [db, platform]);
  if (options === null) return null;
  const pick = (pageId: string) => {
    setBusy(true);
    choosePage(db, pageId, platform).then(onDone, () => {
      setBusy(false);
      setFailed(true);
    });
  };
  const texts = TEXTS[platform];
  const note = (o: PageOption) =>
    platform === 'linkedin'
      ? t(
          isOrganizationPage(o.page_id)
            ? 'ta.social.chooseLinkedIn.organization'
            : 'ta.social.chooseLinkedIn.member',
        )
      : o.instagram_username
        ? t('ta.social.choose.withInstagram', { username: o.instagram_username })
        : t('ta.social.choose.noInstagram');
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10" aria-labelledby="page-chooser">
      <h2 id="page-chooser" className="text-xl">
        {t(texts.title)}
      </h2>
      {options.length === 0 || failed ? <p role="alert">{t(texts.expired)}</p> : null}
      <ul className="mt-3 space-y-2">
        {options.map((o) => (
          <li key={o.page_id} className="flex flex-wrap items-center gap-3">
            <span>
              <strong>{o.page_name}</strong> · {note(o)}
            </span>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => pick(o.page_id)}>
              {t(texts.pick, { page: o.page_name })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
