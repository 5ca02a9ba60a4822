import { useCallback, useEffect, useId, useState } from 'react';
import { Avatar } from '~/components/app/Avatar.tsx';
import { ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showFailure, showToast } from '~/components/toast.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type BlockedMember, fetchBlocked, setBlocked } from './profile-data.ts';

/** The members I blocked, each with Unblock. */
export function BlockedList({ db, me, t }: { db: TypedSupabaseClient; me: string; t: Tr }) {
  const [list, setList] = useState<BlockedMember[] | null>(null);
  const [failed, setFailed] = useState(false);
  const id = useId();
  const unknownName = t('community.unknownUser');

  const load = useCallback(() => {
    setFailed(false);
    fetchBlocked(db, unknownName)
      .then(setList)
      .catch(() => setFailed(true));
  }, [db, unknownName]);
  useEffect(load, [load]);

  const unblock = async (m: BlockedMember) => {
    try {
      await setBlocked(db, me, m.userId, false);
      setList((old) => old?.filter((x) => x.userId !== m.userId) ?? null);
      showToast({ title: t('profiles.blocked.unblocked', { name: m.name }) });
    } catch (error) {
      void showFailure(t('profiles.blocked.error'), t, error);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10"
    >
      <h2 id={`${id}-heading`} className="text-2xl">
        {t('profiles.blocked.heading')}
      </h2>
      {failed ? (
        <ErrorState title={t('profiles.blocked.error')} retryLabel={t('app.retry')} onRetry={load} />
      ) : list === null ? (
        <LoadingState label={t('app.loading')} lines={1} />
      ) : list.length === 0 ? (
        <p className="mt-3 text-ink/70">{t('profiles.blocked.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {list.map((m) => (
            <li key={m.userId} className="flex items-center gap-3">
              <Avatar name={m.name} url={m.avatarUrl} size={32} />
              <span className="flex-1 truncate">{m.name}</span>
              <button
                type="button"
                className="btn-secondary px-3 py-1.5 text-sm"
                onClick={() => void unblock(m)}
              >
                {t('profiles.blocked.unblock', { name: m.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
