import { useCallback, useEffect, useState } from 'react';
import { showToast } from '~/components/toast.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import {
  type FriendAction,
  type Friendship,
  fetchFriendships,
  friendAction,
  SUCCESS_KEY,
} from './friends-data.ts';

/**
 * My friendships, kept live: one realtime channel on friendships (RLS delivers only my pairs),
 * re-read on any change, so counts move when the other side acts.
 */
export function useFriendships(db: TypedSupabaseClient, me: string, t: Tr) {
  const [list, setList] = useState<Friendship[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const unknownName = t('community.unknownUser');

  const load = useCallback(async () => {
    try {
      setList(await fetchFriendships(db, me, unknownName));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [db, me, unknownName]);

  useEffect(() => {
    void load();
    const channel = db
      .channel(`friendships-${crypto.randomUUID().slice(0, 8)}`)
      .on(
        'postgres_changes' as never,
        { event: '*', schema: 'public', table: 'friendships' },
        () => void load(),
      )
      .subscribe((status) => {
        // After a reconnect, read again: changes while offline are not replayed.
        if (status === 'SUBSCRIBED') void load();
      });
    return () => {
      void db.removeChannel(channel);
    };
  }, [db, load]);

  const act = useCallback(
    async (action: FriendAction, f: { id?: string; otherId: string }) => {
      setBusy(f.otherId);
      try {
        await friendAction(db, action, f);
        showToast({ title: t(SUCCESS_KEY[action]) });
        await load();
        return true;
      } catch (error) {
        const { friendErrorKeys } = await import('./friend-errors.ts');
        const keys = friendErrorKeys(action, error);
        showToast({
          title: t(keys.title),
          ...(keys.detail ? { description: t(keys.detail) } : {}),
          variant: 'error',
        });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [db, load, t],
  );

  return { list, failed, busy, reload: load, act };
}
