import { useEffect, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { T } from '../shared/format.ts';
import { allConnections, type ClientConnection, PLATFORM_NAMES } from './data.ts';

/** The admin's read-only view of each client's connected accounts. */
export function ClientConnections({ db, t }: { db: TypedSupabaseClient; t: T }) {
  const [items, setItems] = useState<ClientConnection[] | null>(null);
  useEffect(() => {
    allConnections(db).then(setItems, () => setItems([]));
  }, [db]);
  return (
    <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10">
      <summary className="cursor-pointer font-semibold">{t('ta.pub.connections')}</summary>
      {items && items.length === 0 ? <p className="mt-2 text-sm">{t('ta.pub.noConnections')}</p> : null}
      <ul className="mt-2 space-y-1 text-sm">
        {(items ?? []).map((c) => (
          <li key={`${c.clients?.name}-${c.platform}`}>
            {c.clients?.name ?? '?'} · {PLATFORM_NAMES[c.platform]} · {c.account_name} ·{' '}
            {t(`ta.social.status.${c.status}`)}
          </li>
        ))}
      </ul>
    </details>
  );
}
