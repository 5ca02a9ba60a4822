import { useEffect, useState } from 'react';
import { Avatar } from '~/components/app/Avatar.tsx';
import { ErrorState, LoadingState } from '~/components/app/States.tsx';
import { useFirstContent } from '~/lib/first-content.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { messagingStatus, type Person } from './api.ts';
import { Composer } from './Composer.tsx';
import { ThreadView } from './ThreadView.tsx';
import type { Tr } from './texts.ts';
import { usePresence } from './usePresence.ts';
import { type LiveListener, useThread } from './useThread.ts';

type Props = {
  db: TypedSupabaseClient;
  me: string;
  person: Person;
  intl: string;
  tr: Tr;
  userHref: string;
  onBack: () => void;
  /** Registers this thread's handler for the page's one realtime channel. */
  listen: (listener: LiveListener | null) => void;
  onOnline: (id: string, online: boolean) => void;
  /** The other member is gone or in a block with me (told the same way as a reload tells it). */
  onGone: () => void;
};

/** One conversation: header (back on a phone, name, online or typing), messages, send form. */
export function Thread({ db, me, person, intl, tr, userHref, onBack, listen, onOnline, onGone }: Props) {
  const other = person.user_id;
  const thread = useThread(db, me, other, tr, onGone);
  // A member who accepts messages from friends only: no composer whose messages cannot arrive.
  // One who is gone or in a block with me (a block may arrive while the page loads) is told as a
  // reload tells it: not found.
  const [refuses, setRefuses] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onGone is new each render; asked once per thread
  useEffect(() => {
    let cancelled = false;
    messagingStatus(db, other).then(
      (status) => {
        if (cancelled) return;
        if (status === 'gone') onGone();
        else setRefuses(status === 'friendsOnly');
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [db, other]);
  useFirstContent(thread.status === 'ready');
  const presence = usePresence(db, me, other, thread.messages.findLast((m) => m.sender_id === other)?.id);
  const name = person.display_name || tr('messages.unknownUser');

  useEffect(() => {
    listen(thread.applyLive);
    return () => listen(null);
  }, [listen, thread.applyLive]);
  useEffect(() => onOnline(other, presence.online), [onOnline, other, presence.online]);

  return (
    <>
      <header className="flex items-center gap-3 border-b border-ink/10 px-3 py-2">
        <button type="button" className="btn-secondary px-3 py-1 md:hidden" onClick={onBack}>
          <span aria-hidden="true">← </span>
          <span className="sr-only">{tr('messages.back')}</span>
        </button>
        <Avatar name={name} url={person.avatar_url} size={36} />
        <div className="min-w-0">
          <h2 className="truncate text-lg">
            <a href={userHref} className="hover:underline">
              {name}
            </a>
          </h2>
          <p className="h-4 text-xs text-ink/70" aria-live="polite">
            {presence.typing ? tr('messages.typing', { name }) : presence.online ? tr('messages.online') : ''}
          </p>
        </div>
      </header>
      {thread.status === 'loading' ? (
        <div className="flex-1 px-3">
          <LoadingState label={tr('app.loading')} />
        </div>
      ) : thread.status === 'error' ? (
        <div className="flex-1 p-3">
          <ErrorState
            title={tr('messages.error.fetchMessages')}
            retryLabel={tr('app.retry')}
            onRetry={thread.reload}
          />
        </div>
      ) : thread.messages.length === 0 ? (
        <p className="flex-1 p-6 text-center text-ink/70">{tr('messages.thread.empty')}</p>
      ) : (
        <ThreadView
          messages={thread.messages}
          me={me}
          intl={intl}
          tr={tr}
          hasMore={thread.hasMore}
          loadingOlder={thread.loadingOlder}
          onLoadOlder={() => void thread.loadOlder()}
          onRetry={thread.retry}
          onDelete={(id) => void thread.remove(id)}
        />
      )}
      {refuses ? (
        <p className="border-t border-ink/10 p-3 text-center text-sm text-ink/80" data-testid="friends-only">
          {tr('messages.error.friendsOnly')}
        </p>
      ) : (
        <Composer tr={tr} onSend={(text) => void thread.send(text)} onTyping={presence.notifyTyping} />
      )}
    </>
  );
}
