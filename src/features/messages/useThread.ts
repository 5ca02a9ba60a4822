import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '~/components/toast.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { deleteMessage, loadThread, markConversationRead, PAGE_SIZE, sendMessage } from './api.ts';
import { type MessageRow, mergeMessages, sendErrorKey, type ThreadMessage } from './model.ts';
import type { Tr } from './texts.ts';

const withoutStatus = ({ status: _status, ...row }: ThreadMessage): ThreadMessage => row;

export type LiveListener = (row: MessageRow, kind: 'INSERT' | 'UPDATE' | 'DELETE') => void;
type Status = 'loading' | 'ready' | 'error';

/**
 * One thread's data: the newest page, older pages on demand (keyset), live rows merged by id,
 * optimistic sends with Retry, sender-side delete, and read marks while the thread is visible.
 */
export function useThread(db: TypedSupabaseClient, me: string, other: string, tr: Tr) {
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(messages);
  latest.current = messages;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on Try Again
  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    setMessages([]);
    loadThread(db, other).then(
      (rows) => {
        if (cancelled) return;
        setMessages(mergeMessages([], rows));
        setHasMore(rows.length === PAGE_SIZE);
        setStatus('ready');
      },
      () => !cancelled && setStatus('error'),
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
      setMessages((current) => mergeMessages(current, rows));
      setHasMore(rows.length === PAGE_SIZE);
    } catch {
      showToast({ title: tr('messages.error.fetchMessages'), variant: 'error' });
    } finally {
      setLoadingOlder(false);
    }
  }, [db, other, hasMore, loadingOlder, tr]);

  /**
   * A row from the page's realtime channel, if it belongs to this thread: a new message is added,
   * a change (read, deleted) only updates a message already shown, so marking fifty old messages
   * read does not pull them into the loaded window.
   */
  const applyLive = useCallback<LiveListener>(
    (row, kind) => {
      const mine = row.sender_id === me && row.receiver_id === other;
      const theirs = row.sender_id === other && row.receiver_id === me;
      if (!mine && !theirs) return;
      setMessages((current) =>
        kind === 'INSERT' || current.some((m) => m.id === row.id) ? mergeMessages(current, [row]) : current,
      );
    },
    [me, other],
  );

  const deliver = useCallback(
    async (message: ThreadMessage) => {
      setMessages((current) => mergeMessages(current, [{ ...message, status: 'sending' }]));
      const { row, error } = await sendMessage(db, {
        id: message.id,
        sender_id: me,
        receiver_id: other,
        content: message.content,
      });
      if (error) {
        setMessages((current) => current.map((m) => (m.id === message.id ? { ...m, status: 'failed' } : m)));
        const reason = sendErrorKey(error);
        showToast({
          title: tr('messages.error.send'),
          ...(reason === 'messages.error.send' ? {} : { description: tr(reason) }),
          variant: 'error',
        });
        return;
      }
      setMessages((current) =>
        row
          ? mergeMessages(current, [row])
          : current.map((m) => (m.id === message.id ? withoutStatus(m) : m)),
      );
    },
    [db, me, other, tr],
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
        const at = new Date().toISOString();
        setMessages((current) =>
          current.map((m) => (m.id === id ? { ...m, content: '', deleted_at: m.deleted_at ?? at } : m)),
        );
      } catch {
        showToast({ title: tr('messages.error.delete'), variant: 'error' });
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
        () =>
          setMessages((current) =>
            current.map((m) => (m.sender_id === other && !m.read ? { ...m, read: true } : m)),
          ),
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
