import { startTransition, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { showFailure, showToast } from '~/components/toast.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { deleteMessage, loadThread, markConversationRead, PAGE_SIZE, sendMessage } from './api.ts';
import { type MessageRow, sendErrorKey, sendRetryable, type ThreadMessage } from './model.ts';
import type { Tr } from './texts.ts';
import { initialThread, threadReducer } from './thread-state.ts';

type LiveEvent =
  | { kind: 'INSERT' | 'UPDATE' | 'DELETE'; row: MessageRow }
  /** The page's channel joined again after a loss: what was missed is read again. */
  | { kind: 'CATCH_UP' };
export type LiveListener = (event: LiveEvent) => void;

/**
 * One thread's data: the newest page, older pages on demand (keyset), live rows from the page's
 * channel, optimistic sends with Retry, sender-side delete, and read marks while the thread is
 * visible. The state and its rules are `threadReducer`; this hook reads, writes and dispatches.
 */
export function useThread(
  db: TypedSupabaseClient,
  me: string,
  other: string,
  tr: Tr,
  /** The receiver is gone or in a block with me: the screen shows what a reload would show. */
  onGone: () => void,
) {
  const [state, dispatch] = useReducer(threadReducer, initialThread);
  const { messages, status, hasMore } = state;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(messages);
  latest.current = messages;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on Try Again
  useEffect(() => {
    let cancelled = false;
    dispatch({ type: 'loading' });
    loadThread(db, other).then(
      // A transition: the messages render in slices, the page answers between them (as the feed).
      (rows) =>
        !cancelled &&
        startTransition(() => dispatch({ type: 'loaded', rows, hasMore: rows.length === PAGE_SIZE })),
      () => !cancelled && dispatch({ type: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [db, other, attempt]);

  const loadOlder = useCallback(async () => {
    const oldest = latest.current.find((m) => !m.status);
    if (!oldest || loadingOlder || !hasMore) return;
    setLoadingOlder(true);
    try {
      const rows = await loadThread(db, other, oldest);
      dispatch({ type: 'olderLoaded', rows, hasMore: rows.length === PAGE_SIZE });
    } catch (error) {
      void showFailure(tr('messages.error.fetchMessages'), tr, error);
    } finally {
      setLoadingOlder(false);
    }
  }, [db, other, hasMore, loadingOlder, tr]);

  /** An event of the page's realtime channel (the channel itself is the messages screen's). */
  const applyLive = useCallback<LiveListener>(
    (event) => {
      if (event.kind !== 'CATCH_UP') dispatch({ type: 'live', row: event.row, kind: event.kind, me, other });
      else
        loadThread(db, other).then(
          (rows) => dispatch({ type: 'caughtUp', rows }),
          () => undefined,
        );
    },
    [db, me, other],
  );

  const deliver = useCallback(
    async (message: ThreadMessage) => {
      dispatch({ type: 'sending', message });
      const { row, error } = await sendMessage(db, {
        id: message.id,
        sender_id: me,
        receiver_id: other,
        content: message.content,
      });
      if (error) {
        const reason = sendErrorKey(error);
        // Blocking is silent: a blocked sender learns no more than that the member is not there.
        if (reason === 'messages.error.unavailable') return onGone();
        dispatch({ type: 'sendFailed', id: message.id, permanent: !sendRetryable(reason) });
        showToast({
          title: tr('messages.error.send'),
          ...(reason === 'messages.error.send' ? {} : { description: tr(reason) }),
          variant: 'error',
        });
        return;
      }
      dispatch({ type: 'sent', id: message.id, row });
    },
    [db, me, other, tr, onGone],
  );

  const send = useCallback(
    (content: string) =>
      deliver({
        id: crypto.randomUUID(),
        sender_id: me,
        receiver_id: other,
        content,
        created_at: new Date().toISOString(),
        read: false,
        read_at: null,
        deleted_at: null,
      }),
    [deliver, me, other],
  );

  const retry = useCallback(
    (id: string) => {
      const failed = latest.current.find((m) => m.id === id);
      if (failed) void deliver(failed);
    },
    [deliver],
  );

  const remove = useCallback(
    async (id: string) => {
      try {
        await deleteMessage(db, id);
        dispatch({ type: 'deleted', id, at: new Date().toISOString() });
      } catch (error) {
        void showFailure(tr('messages.error.delete'), tr, error);
      }
    },
    [db, tr],
  );

  // Read marks: whenever unread messages from the other person are on screen and the tab is visible.
  const unreadFromOther = messages.some((m) => m.sender_id === other && !m.read);
  useEffect(() => {
    if (!unreadFromOther) return;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      markConversationRead(db, other).then(
        () => dispatch({ type: 'readMarked', other }),
        () => undefined,
      );
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [db, other, unreadFromOther]);

  return {
    messages,
    status,
    hasMore,
    loadingOlder,
    loadOlder,
    applyLive,
    send,
    retry,
    remove,
    reload: () => setAttempt((n) => n + 1),
  };
}
