import { useCallback, useEffect, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { T } from '../shared/format.ts';
import { PLATFORM_NAMES, type Publication, publicationsOf, retryPublication } from './data.ts';

/** Per platform of a preview: posted (with a link), scheduled, retrying or failed (+ retry for admins). */
export function Publications({
  db,
  previewId,
  t,
  admin = false,
}: {
  db: TypedSupabaseClient;
  previewId: string;
  t: T;
  admin?: boolean;
}) {
  const [items, setItems] = useState<Publication[]>([]);
  const load = useCallback(
    () => publicationsOf(db, previewId).then(setItems, () => undefined),
    [db, previewId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  if (items.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1 text-sm" aria-label={t('ta.pub.title')}>
      {items.map((p) => (
        <li key={p.platform} className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{PLATFORM_NAMES[p.platform]}</span>
          <span className="rounded-full bg-ink/5 px-2 py-0.5 text-xs">{t(`ta.pub.status.${p.status}`)}</span>
          {p.status === 'posted' && p.url ? (
            <a href={p.url} target="_blank" rel="noopener noreferrer" className="underline">
              {t('ta.pub.view', { platform: PLATFORM_NAMES[p.platform] })}
            </a>
          ) : null}
          {p.status === 'failed' ? (
            <span className="text-red-900">
              {p.error_code === 'revoked' || p.error_code === 'expired' || p.error_code === 'not_connected'
                ? t('ta.pub.reconnect')
                : p.error_code === 'no_image'
                  ? t('ta.pub.noImage')
                  : p.error}
            </span>
          ) : null}
          {p.status === 'failed' && admin ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => retryPublication(db, previewId, p.platform).then(load, () => undefined)}
            >
              {t('ta.pub.retry')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
