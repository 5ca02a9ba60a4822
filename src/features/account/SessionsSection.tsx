import { useId, useState } from 'react';
import { LazyConfirmDialog, useConfirmPreload } from '~/components/app/LazyConfirmDialog.tsx';
import { setFlash } from '~/features/auth/index.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { CARD, errorsModule, Feedback } from './ui.tsx';

type Props = { db: TypedSupabaseClient; t: Tr; homePath: string };

/**
 * Sign out everywhere else (signOut({ scope: 'others' }): the other sessions end at their next
 * refresh) and everywhere (scope 'global', after a confirmation; this page then goes home).
 */
export function SessionsSection({ db, t, homePath }: Props) {
  const id = useId();
  const area = useConfirmPreload<HTMLDivElement>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function signOut(scope: 'others' | 'global') {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const { error: failure } = await db.auth.signOut({ scope });
      if (failure) {
        const { errorText } = await errorsModule();
        return setError(`${t('account.failed')}: ${errorText(t, failure)}`);
      }
      if (scope === 'others') return setNotice(t('account.sessions.othersDone'));
      setFlash({ title: t('account.sessions.allDone'), description: t('auth.logoutSuccess') });
      location.assign(homePath);
    } catch {
      setError(t('error.network_error'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-h`} className={CARD}>
      <h2 id={`${id}-h`} className="text-2xl">
        {t('account.sessions.heading')}
      </h2>
      <p className="mt-2 text-ink/80">{t('account.sessions.lead')}</p>
      <div ref={area} className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={busy} onClick={() => signOut('others')}>
          {t('account.sessions.others')}
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => setConfirming(true)}>
          {t('account.sessions.all')}
        </button>
      </div>
      <div className="mt-4 space-y-2">
        <Feedback error={error} notice={notice} />
      </div>
      <LazyConfirmDialog
        open={confirming}
        title={t('account.sessions.confirm')}
        confirmLabel={t('account.sessions.confirmYes')}
        cancelLabel={t('account.sessions.cancel')}
        busy={busy}
        onConfirm={() => signOut('global')}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
