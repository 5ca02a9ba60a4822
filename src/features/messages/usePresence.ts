import { useCallback, useEffect, useRef, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { dmTopic } from './model.ts';

type Channel = ReturnType<TypedSupabaseClient['channel']>;
const TYPING_SHOWN_MS = 3000;
const TYPING_SEND_EVERY_MS = 1500;

/**
 * Typing and online state of one conversation through Realtime Broadcast and Presence on the
 * private channel `dm:<a>:<b>` (ids ascending; the database lets only the two join). Where the
 * backend refuses or lacks them, both simply stay off: no error reaches the person.
 */
export function usePresence(
  db: TypedSupabaseClient,
  me: string,
  other: string,
  /** The id of the newest message from `other`: when it changes, the message arrived and they stopped typing. */
  lastIncoming?: string,
) {
  const [typing, setTyping] = useState(false);
  const [online, setOnline] = useState(false);
  const channel = useRef<Channel | null>(null);
  const joined = useRef(false);
  const lastSent = useRef(0);

  useEffect(() => {
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    let ch: Channel | null = null;
    joined.current = false;
    setTyping(false);
    setOnline(false);
    (async () => {
      await db.realtime.setAuth();
      if (cancelled) return;
      ch = db.channel(dmTopic(me, other), {
        config: { private: true, broadcast: { self: false }, presence: { key: me } },
      });
      channel.current = ch;
      ch.on('broadcast', { event: 'typing' }, ({ payload }) => {
        if ((payload as { user_id?: string })?.user_id !== other) return;
        setTyping(true);
        clearTimeout(hideTimer);
        hideTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      })
        .on('presence', { event: 'sync' }, () => {
          const state = ch?.presenceState() ?? {};
          setOnline(Object.hasOwn(state, other));
        })
        .subscribe((status) => {
          joined.current = status === 'SUBSCRIBED';
          // A backend without Broadcast/Presence or channel authorization: stop retrying quietly.
          if ((status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') && ch)
            void db.removeChannel(ch).catch(() => undefined);
          if (status === 'SUBSCRIBED')
            void ch?.track({ online_at: new Date().toISOString() }).catch(() => undefined);
        });
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      clearTimeout(hideTimer);
      joined.current = false;
      channel.current = null;
      if (ch) void db.removeChannel(ch).catch(() => undefined);
    };
  }, [db, me, other]);

  // The typing line goes when the message it announced arrives, not seconds later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new message from them arrives
  useEffect(() => setTyping(false), [lastIncoming]);

  /** Call on every keystroke; sends at most one typing signal per 1.5 s. */
  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (!joined.current || now - lastSent.current < TYPING_SEND_EVERY_MS) return;
    lastSent.current = now;
    void channel.current
      ?.send({ type: 'broadcast', event: 'typing', payload: { user_id: me } })
      .catch(() => undefined);
  }, [me]);

  return { typing, online, notifyTyping };
}
