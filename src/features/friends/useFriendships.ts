import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { showToast } from '~/components/toast.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type LiveHandle, startLive } from '~/lib/supabase/live-refresh.ts';
import { type FriendAction, fetchFriendships, friendAction, SUCCESS_KEY } from './friends-data.ts';
import { friendsReducer, initialFriends, needsRead } from './friends-state.ts';

/**
 * My friendships, kept live through the one live helper (RLS delivers only my pairs): the other
 * side's accept, decline or removal applies at once, a new request is read (for its name).
 * The state and its rules are `friendsReducer`.
 */
export function useFriendships(db: TypedSupabaseClient, me: string, t: Tr) {
  const [state, dispatch] = useReducer(friendsReducer, initialFriends);
  const [busy, setBusy] = useState<string | null>(null);
  const unknownName = t('community.unknownUser');
  const current = useRef(state);
  current.current = state;
  const live = useRef<LiveHandle | null>(null);

  useEffect(() => {
    const handle = startLive(db, {
      tables: [{ table: 'friendships' }],
      fetch: () => fetchFriendships(db, me, unknownName),
      onData: (list) => dispatch({ type: 'loaded', list }),
      onChange: ({ type, record, old }) => {
        if (needsRead(current.current, type, record)) handle.refresh();
        else dispatch({ type: 'changed', kind: type, row: record, old });
      },
      onError: () => dispatch({ type: 'failed' }),
    });
    live.current = handle;
    return () => {
      handle.stop();
      live.current = null;
    };
  }, [db, me, unknownName]);

  const act = useCallback(
    async (action: FriendAction, f: { id?: string; otherId: string }) => {
      setBusy(f.otherId);
      try {
        await friendAction(db, action, f);
        if (action === 'accept' && f.id) dispatch({ type: 'accepted', id: f.id });
        else if (action !== 'send' && f.id) dispatch({ type: 'removed', id: f.id });
        showToast({ title: t(SUCCESS_KEY[action]) });
        live.current?.refresh();
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
    [db, t],
  );

  return {
    list: state.list,
    failed: state.failed,
    busy,
    reload: () => live.current?.refresh(),
    act,
  };
}
