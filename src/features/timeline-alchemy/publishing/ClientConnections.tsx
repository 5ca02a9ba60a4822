import { useEffect, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { T } from '../shared/format.ts';
import { allConnections, type ClientConnection, isOrganizationPage, PLATFORM_NAMES } from './data.ts';

/**
 * The admin's read-only view of each client's connected accounts: per client, each platform with
 * the account, Page or organization page it posts as and its state ("reconnect" when the platform
 * refused the token). Tokens never leave the database.
 */
export function ClientConnections({ db, t }: { db: TypedSupabaseClient; t: T }) {
  const [items, setItems] = useState<ClientConnection[] | null>(null);
  useEffect(() => {
    allConnections(db).then(setItems, () => setItems([]));
  }, [db]);
  const byClient = new Map<string, ClientConnection[]>();
  for (const c of items ?? []) byClient.set(c.client_id, [...(byClient.get(c.client_id) ?? []), c]);
  return (
    <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10">
      <summary className="cursor-pointer font-semibold">{t('ta.pub.connections')}</summary>
      {items && items.length === 0 ? <p className="mt-2 text-sm">{t('ta.pub.noConnections')}</p> : null}
      <ul className="mt-2 space-y-3 text-sm">
        {[...byClient.entries()].map(([clientId, connections]) => {
          const name = connections[0]?.clients?.name ?? '?';
          return (
            <li key={clientId} aria-label={name}>
              <h3 className="font-semibold">{name}</h3>
              <ul className="space-y-1">
                {connections.map((c) => (
                  <li key={c.platform}>
                    {PLATFORM_NAMES[c.platform]} ·{' '}
                    {c.profile_url ? (
                      <a href={c.profile_url} rel="noopener noreferrer" target="_blank">
                        {c.account_name}
                      </a>
                    ) : (
                      c.account_name
                    )}
                    {isOrganizationPage(c.account_id) ? ` (${t('ta.pub.organizationPage')})` : ''} ·{' '}
                    <span
                      className={c.status === 'connected' ? 'text-emerald-800' : 'font-semibold text-red-800'}
                    >
                      {t(`ta.social.status.${c.status}`)}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
