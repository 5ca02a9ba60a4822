import { useCallback, useRef, useState } from 'react';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { useLive } from '~/lib/supabase/use-live.ts';
import { markRead as markReadIn, readPage } from './api.ts';
import { refreshBell } from './bell.ts';
import type { NotificationRow } from './model.ts';

const PAGE_SIZE = 20;

/**
 * The member's notifications, newest activity first, in keyset pages ("more"), kept live through
 * the one live helper: any change to my notifications re-reads the first page (a grouped row moves
 * to the top), keeping the older pages already shown.
 */
export function useNotifications(db: TypedSupabaseClient, me: string) {
  const [rows, setRows] = useState<NotificationRow[] | null>(null);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const olderLoaded = useRef(false);

  const live = useLive<Awaited<ReturnType<typeof readPage>>>(
    db,
    (handle) => ({
      tables: [{ table: 'notifications', filter: `recipient_id=eq.${me}` }],
      fetch: () => readPage(db, me, PAGE_SIZE),
      onData: (page) => {
        setFailed(false);
        setRows((shown) => {
          const fresh = new Set(page.rows.map((r) => r.id));
          const older = (shown ?? []).slice(PAGE_SIZE).filter((r) => !fresh.has(r.id));
          return [...page.rows, ...older];
        });
        if (!olderLoaded.current) setMore(page.more);
      },
      onChange: () => handle.refresh(),
      onError: () => setFailed(true),
    }),
    [me],
  );

  const loadMore = useCallback(async () => {
    const last = rows?.at(-1);
    if (!last) return;
    setBusy(true);
    olderLoaded.current = true;
    try {
      const page = await readPage(db, me, PAGE_SIZE, last);
      setRows((shown) => [...(shown ?? []), ...page.rows.filter((r) => !shown?.some((s) => s.id === r.id))]);
      setMore(page.more);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [db, me, rows]);

  /** Marks the given ones read, or all when `ids` is undefined; true when it worked. */
  const markRead = useCallback(
    async (ids?: string[]) => {
      if (!(await markReadIn(db, ids))) return false;
      const now = new Date().toISOString();
      setRows((shown) =>
        (shown ?? []).map((r) => (!ids || ids.includes(r.id) ? { ...r, read_at: r.read_at ?? now } : r)),
      );
      refreshBell();
      return true;
    },
    [db],
  );

  const retry = useCallback(() => {
    setFailed(false);
    live.current?.refresh();
  }, [live]);

  return { rows, more, failed, busy, loadMore, markRead, retry };
}
