import { useState } from 'react';
import { showToast } from '~/components/toast.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { Client } from '../data.ts';
import type { T } from '../shared/format.ts';

/**
 * Sends a client a review link: the server route creates it (the database function, as this
 * admin) and mails it; the token never passes through anyone else's hands.
 */
export function ReviewLinkButton({ db, t, clients }: { db: TypedSupabaseClient; t: T; clients: Client[] }) {
  const [client, setClient] = useState('');
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState('');

  const send = async () => {
    const chosen = clients.find((c) => c.profile_id === client);
    if (!chosen) return;
    setBusy(true);
    try {
      const { data } = await db.auth.getSession();
      const response = await fetch('/api/timeline-alchemy/review-link', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${data.session?.access_token ?? ''}`,
        },
        body: JSON.stringify({ clientId: chosen.profile_id }),
      });
      if (response.status === 410) {
        showToast({ title: t('ta.clientDeletedRefused'), variant: 'error' });
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      const result = (await response.json()) as { sent: boolean; link?: string };
      if (result.sent) {
        setLink('');
        showToast({ title: t('ta.dash.linkSent', { email: chosen.email ?? chosen.name }) });
      } else if (result.link) {
        // No mail path configured here: the admin gets the link to pass on.
        setLink(result.link);
        await navigator.clipboard?.writeText(result.link).catch(() => undefined);
        showToast({ title: t('ta.dash.linkCopied') });
      }
    } catch {
      showToast({ title: t('ta.dash.linkFailed'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="text-sm">
        <span className="block text-ink/70">{t('ta.client')}</span>
        <select className="field-input" value={client} onChange={(e) => setClient(e.target.value)}>
          <option value="">—</option>
          {clients.map((c) => (
            <option key={c.profile_id} value={c.profile_id} disabled={!!c.account_deleted_at}>
              {c.name}
              {c.organization ? ` (${c.organization})` : ''}
              {c.account_deleted_at ? ` · ${t('ta.clientDeleted')}` : ''}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn-secondary" disabled={!client || busy} onClick={send}>
        {t('ta.dash.sendLink')}
      </button>
      {link ? (
        <label className="w-full text-sm">
          <span className="block text-ink/70">{t('ta.dash.linkCopied')}</span>
          <input
            className="field-input w-full font-mono text-xs"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      ) : null}
    </div>
  );
}
