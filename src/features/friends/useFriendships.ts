import { useCallback, useReducer, useRef, useState } from 'react';
import { showToast } from '~/components/toast.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { useLive } from '~/lib/supabase/use-live.ts';
import { type FriendAction, friendAction, SUCCESS_KEY } from './friends-data.ts';
import { friendsReducer, initialFriends } from './friends-state.ts';

/**
 * My friendships, kept live through the one live helper (RLS delivers only my pairs): the other
 * side's accept, decline or removal applies at once, a new request is read (for its name). The
 * state and its rules are `friendsReducer`; after my own action the list is read again too.
 */
export function useFriendships(db: TypedSupabaseClient, me: string, t: Tr) {
  const [state, dispatch] = useReducer(friendsReducer, initialFriends);
  const [busy, setBusy] = useState<string | null>(null);
  const unknownName = t('community.unknownUser');
  const current = useRef(state);
  current.current = state;

  // The list's reads and change handling load with the live helper, after the first screen.
  const live = useLive(
    db,
    (handle) => {
      const ctx = {
        db,
        me,
        unknownName,
        state: () => current.current,
        dispatch,
        read: () => handle.refresh(),
      };
      return import('./friends-changes.ts').then((m) => m.friendsSpec(ctx));
    },
    [me, unknownName],
  );

  const act = useCallback(
    async (action: FriendAction, f: { id?: string; otherId: string }) => {
      setBusy(f.otherId);
      try {
        await friendAction(db, action, f);
        if (action === 'accept')
          dispatch({ type: 'changed', kind: 'UPDATE', row: { id: f.id, status: 'accepted' } });
        else if (action !== 'send') dispatch({ type: 'changed', kind: 'DELETE', row: {}, old: { id: f.id } });
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
    [db, t, live],
  );

  return {
    list: state.list,
    failed: state.failed,
    busy,
    reload: () => live.current?.refresh(),
    act,
  };
}
