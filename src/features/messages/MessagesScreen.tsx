import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { useFirstContent } from '~/lib/first-content.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { useLive } from '~/lib/supabase/use-live.ts';
import { type Conversation, findPerson, listConversations, type Person } from './api.ts';
import { ConversationList } from './ConversationList.tsx';
import { isUuid, type MessageRow } from './model.ts';
import type { Tr } from './texts.ts';
import { setUnread } from './unread-count.ts';
import type { LiveListener } from './useThread.ts';

type Paths = { base: string; members: string; user: (id: string) => string };
type Props = {
  db: TypedSupabaseClient;
  me: string;
  tr: Tr;
  intl: string;
  paths: Paths;
  initialOther?: string | undefined;
};
type Target =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; person: Person };

/** The id in /messages/{id} (after any language prefix), if the address has one. */
function otherFromPath(base: string): string | undefined {
  const rest = location.pathname.replace(/\/$/, '').slice(base.length + 1);
  return rest ? decodeURIComponent(rest) : undefined;
}

/**
 * /messages: the conversation list and the chosen thread (side by side on wide screens, one at a
 * time on a phone), kept live through the one live helper (`startLive`).
 */
// The thread (history, composer, typing, read marks) loads when a conversation is opened, not
// with the list: /messages stays within its budget with supabase-js loaded right after hydration.
const loadThread = () => import('./Thread.tsx');
const Thread = lazy(() => loadThread().then((m) => ({ default: m.Thread })));
// "Who may message me" sits under the conversations: it follows them rather than delay them.
const MessagePrivacySetting = lazy(() =>
  import('./MessagePrivacySetting.tsx').then((m) => ({ default: m.MessagePrivacySetting })),
);

export function MessagesScreen({ db, me, tr, intl, paths, initialOther }: Props) {
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [listStatus, setListStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [selected, setSelected] = useState<string | undefined>(initialOther);
  const [online, setOnline] = useState<ReadonlySet<string>>(new Set());
  const live = useRef<LiveListener | null>(null);
  const known = useRef<Conversation[]>([]);
  useFirstContent(listStatus === 'ready' && !selected);

  // The page's one live channel on messages (RLS decides what arrives): the list is read again on
  // every change, the open thread gets the row, and after a lost connection both catch up.
  const channel = useLive<Conversation[]>(
    db,
    (handle) => {
      let lost = false;
      return {
        tables: [{ table: 'messages' }],
        fetch: () => listConversations(db),
        onData: (rows) => {
          known.current = rows;
          setConversations(rows);
          setListStatus('ready');
          setUnread(rows.reduce((sum, c) => sum + c.unread_count, 0));
        },
        onChange: ({ type, record }) => {
          if (record['id']) live.current?.({ kind: type, row: record as MessageRow });
          handle.refresh();
        },
        onState: (state) => {
          if (state === 'live' && lost) live.current?.({ kind: 'CATCH_UP' });
          lost = state === 'lost';
        },
        onError: () => setListStatus((s) => (s === 'ready' ? s : 'error')),
      };
    },
    [],
  );
  const refresh = useCallback(() => channel.current?.refresh(), [channel]);

  // Who the open thread is with: from the list, else their profile ('User not found' if none).
  const [resolved, setResolved] = useState<{ id: string; target: Target } | null>(null);
  const target: Target = !selected
    ? { status: 'none' }
    : resolved?.id === selected
      ? resolved.target
      : { status: 'loading' };
  useEffect(() => {
    if (!selected) return;
    if (!isUuid(selected) || selected === me)
      return setResolved({ id: selected, target: { status: 'missing' } });
    const fromList = known.current.find((c) => c.other_id === selected);
    if (fromList) {
      const person = {
        user_id: selected,
        display_name: fromList.display_name,
        avatar_url: fromList.avatar_url,
      };
      return setResolved({ id: selected, target: { status: 'ready', person } });
    }
    let cancelled = false;
    findPerson(db, selected).then(
      (person) =>
        !cancelled &&
        setResolved({ id: selected, target: person ? { status: 'ready', person } : { status: 'missing' } }),
      () => !cancelled && setResolved({ id: selected, target: { status: 'missing' } }),
    );
    return () => {
      cancelled = true;
    };
  }, [db, me, selected]);

  useEffect(() => {
    const onPop = () => setSelected(otherFromPath(paths.base));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [paths.base]);

  const open = useCallback(
    (id: string | undefined) => {
      history.pushState(null, '', id ? `${paths.base}/${id}` : paths.base);
      setSelected(id);
    },
    [paths.base],
  );
  const listen = useCallback((listener: LiveListener | null) => {
    live.current = listener;
  }, []);
  const onOnline = useCallback((id: string, isOnline: boolean) => {
    setOnline((current) => {
      if (current.has(id) === isOnline) return current;
      const next = new Set(current);
      if (isOnline) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  return (
    <>
      <div className="grid h-[calc(100dvh-11rem)] min-h-[26rem] grid-rows-[minmax(0,1fr)] overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/10 md:grid-cols-[20rem_1fr]">
        <section
          aria-labelledby="conversations-heading"
          className={`min-h-0 overflow-y-auto border-ink/10 md:border-r ${selected ? 'hidden md:block' : ''}`}
          // A pointer or keyboard on the list is the moment to fetch the thread's code.
          onPointerEnter={() => void loadThread()}
          onFocus={() => void loadThread()}
        >
          <h2 id="conversations-heading" className="px-3 pb-1 pt-3 text-xl">
            {tr('messages.conversations')}
          </h2>
          {listStatus === 'loading' ? (
            <div className="px-3">
              <LoadingState label={tr('app.loading')} />
            </div>
          ) : listStatus === 'error' ? (
            <div className="p-3">
              <ErrorState
                title={tr('messages.error.fetchConversations')}
                retryLabel={tr('app.retry')}
                onRetry={refresh}
              />
            </div>
          ) : conversations.length === 0 ? (
            <div className="p-3">
              <EmptyState
                title={tr('messages.empty.title')}
                text={tr('messages.empty.text')}
                action={
                  <a className="btn-primary" href={paths.members}>
                    {tr('messages.empty.action')}
                  </a>
                }
              />
            </div>
          ) : (
            <ConversationList
              conversations={conversations}
              me={me}
              selected={selected}
              online={online}
              intl={intl}
              tr={tr}
              hrefFor={(id) => `${paths.base}/${id}`}
              onOpen={open}
            />
          )}
        </section>
        <section className={`min-h-0 flex-col ${selected ? 'flex' : 'hidden md:flex'}`}>
          {target.status === 'ready' ? (
            <Suspense
              fallback={
                <div className="p-3">
                  <LoadingState label={tr('app.loading')} />
                </div>
              }
            >
              <Thread
                key={target.person.user_id}
                db={db}
                me={me}
                person={target.person}
                intl={intl}
                tr={tr}
                userHref={paths.user(target.person.user_id)}
                onBack={() => open(undefined)}
                listen={listen}
                onOnline={onOnline}
                onGone={() => {
                  setResolved({ id: target.person.user_id, target: { status: 'missing' } });
                  refresh();
                }}
              />
            </Suspense>
          ) : target.status === 'loading' ? (
            <div className="p-3">
              <LoadingState label={tr('app.loading')} />
            </div>
          ) : target.status === 'missing' ? (
            <div className="p-3">
              <EmptyState
                title={tr('messages.userNotFound')}
                action={
                  <button type="button" className="btn-secondary" onClick={() => open(undefined)}>
                    {tr('messages.back')}
                  </button>
                }
              />
            </div>
          ) : (
            <p className="m-auto p-6 text-ink/70">{tr('messages.pick')}</p>
          )}
        </section>
      </div>
      <Suspense fallback={null}>
        <MessagePrivacySetting db={db} me={me} tr={tr} />
      </Suspense>
    </>
  );
}
