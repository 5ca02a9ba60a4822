import { useLayoutEffect, useRef, useState } from 'react';
import { LazyConfirmDialog, useConfirmPreload } from '~/components/app/LazyConfirmDialog.tsx';
import { LinkifiedText } from '~/components/app/LinkifiedText.tsx';
import { clockTime, dayKey, dayLabel, lastReadId, type ThreadMessage } from './model.ts';
import type { Tr } from './texts.ts';

type Props = {
  messages: ThreadMessage[];
  me: string;
  intl: string;
  tr: Tr;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (id: string) => void;
  onDelete: (id: string) => void;
};

const NEAR_BOTTOM_PX = 50;

/**
 * The messages of a thread, newest at the bottom: day separators, read receipt, Retry on failed
 * sends, older history on scroll-up that keeps the view still, and a scroll-to-bottom button
 * (more than 50 px away) counting what arrived below.
 */
export function ThreadView({
  messages,
  me,
  intl,
  tr,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onDelete,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const prev = useRef({ first: '', last: '', height: 0, top: 0, count: 0 });
  const [away, setAway] = useState(false);
  const [newBelow, setNewBelow] = useState(0);
  const [confirming, setConfirming] = useState<string | null>(null);
  // The confirmation's code loads when the pointer or focus first reaches the thread.
  const confirmArea = useConfirmPreload<HTMLDivElement>();

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const first = messages[0]?.id ?? '';
    const last = messages.at(-1)?.id ?? '';
    const p = prev.current;
    if (p.count === 0 && messages.length > 0) {
      el.scrollTop = el.scrollHeight; // first page: start at the newest
    } else if (first !== p.first && last === p.last) {
      el.scrollTop = p.top + (el.scrollHeight - p.height); // older page above: stay where we were
    } else if (last !== p.last) {
      const wasNear = p.height - p.top - el.clientHeight <= NEAR_BOTTOM_PX;
      const lastMessage = messages.at(-1);
      if (wasNear || lastMessage?.sender_id === me) el.scrollTop = el.scrollHeight;
      else {
        const index = messages.findIndex((m) => m.id === p.last);
        setNewBelow((n) => n + Math.max(1, messages.length - 1 - index));
      }
    }
    prev.current = { first, last, height: el.scrollHeight, top: el.scrollTop, count: messages.length };
  }, [messages, me]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    const isAway = el.scrollHeight - el.scrollTop - el.clientHeight > NEAR_BOTTOM_PX;
    setAway(isAway);
    if (!isAway) setNewBelow(0);
    prev.current.top = el.scrollTop;
    prev.current.height = el.scrollHeight;
    if (el.scrollTop < 120 && hasMore && !loadingOlder) onLoadOlder();
  };

  const readId = lastReadId(messages, me);
  let lastDay = '';
  return (
    <div className="relative min-h-0 flex-1" ref={confirmArea}>
      <div
        ref={box}
        onScroll={onScroll}
        className="h-full overflow-y-auto px-3 py-2 [overflow-anchor:none]"
        data-testid="thread-scroll"
      >
        <ol className="space-y-1">
          {messages.map((m) => {
            const day = dayKey(m.created_at);
            const separator = day !== lastDay;
            lastDay = day;
            const mine = m.sender_id === me;
            const deleted = m.deleted_at !== null;
            return (
              <li key={m.id}>
                {separator ? (
                  <p className="my-3 text-center text-xs font-medium text-ink/70">
                    {dayLabel(m.created_at, intl)}
                  </p>
                ) : null}
                <div data-id={m.id} className={`group flex ${mine ? 'justify-end' : 'justify-start'}`}>
                  <div className={`max-w-[80%] ${mine ? 'text-right' : ''}`}>
                    <div
                      className={`inline-block rounded-2xl px-3 py-2 text-left ${
                        mine ? 'bg-violet-dark text-white' : 'bg-white ring-1 ring-ink/10'
                      } ${m.status === 'failed' || m.status === 'refused' ? 'opacity-70' : ''}`}
                    >
                      {deleted ? (
                        <em className="opacity-80">{tr('messages.deleted')}</em>
                      ) : (
                        <LinkifiedText
                          as="span"
                          text={m.content}
                          className="whitespace-pre-wrap"
                          linkClassName="underline"
                        />
                      )}
                    </div>
                    <div className="mt-0.5 flex items-center justify-end gap-2 text-xs text-ink/70">
                      {mine && !deleted && !m.status ? (
                        <button
                          type="button"
                          className="underline opacity-0 focus:opacity-100 group-hover:opacity-100"
                          onClick={() => setConfirming(m.id)}
                        >
                          {tr('messages.delete')}
                        </button>
                      ) : null}
                      <time dateTime={m.created_at}>{clockTime(m.created_at, intl)}</time>
                      {m.status === 'sending' ? <span>{tr('messages.sending')}</span> : null}
                      {m.status === 'refused' ? (
                        <span className="text-red-800">{tr('messages.failed')}</span>
                      ) : null}
                      {m.status === 'failed' ? (
                        <>
                          <span className="text-red-800">{tr('messages.failed')}</span>
                          <button
                            type="button"
                            className="font-semibold underline"
                            onClick={() => onRetry(m.id)}
                          >
                            {tr('messages.retry')}
                          </button>
                        </>
                      ) : null}
                      {m.id === readId ? <span>{tr('messages.read')}</span> : null}
                    </div>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      {loadingOlder ? (
        // Over the list, not in it, so the messages below do not move while it shows.
        <p
          role="status"
          className="absolute inset-x-0 top-2 mx-auto w-fit rounded-full bg-white px-3 py-1 text-sm text-ink/80 shadow"
        >
          {tr('messages.loadingOlder')}
        </p>
      ) : null}
      {away ? (
        <button
          type="button"
          className="absolute bottom-3 right-4 rounded-full bg-night px-3 py-2 text-sm text-white shadow-lg"
          onClick={() => {
            const el = box.current;
            if (el) el.scrollTop = el.scrollHeight;
            setNewBelow(0);
          }}
        >
          <span aria-hidden="true">↓ </span>
          {newBelow ? (
            tr('messages.newBelow', { count: newBelow })
          ) : (
            <span className="sr-only">{tr('messages.toBottom')}</span>
          )}
        </button>
      ) : null}
      <LazyConfirmDialog
        open={confirming !== null}
        title={tr('messages.delete.confirm')}
        confirmLabel={tr('messages.delete')}
        cancelLabel={tr('app.cancel')}
        onConfirm={() => {
          if (confirming) onDelete(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
