import { Avatar } from '~/components/app/Avatar.tsx';
import type { Conversation } from './api.ts';
import { listTime } from './model.ts';
import type { Tr } from './texts.ts';

type Props = {
  conversations: Conversation[];
  me: string;
  selected: string | undefined;
  online: ReadonlySet<string>;
  intl: string;
  tr: Tr;
  hrefFor: (id: string) => string;
  onOpen: (id: string) => void;
};

/** The conversation list: newest first, last message on one line, unread count, online dot. */
export function ConversationList({ conversations, me, selected, online, intl, tr, hrefFor, onOpen }: Props) {
  return (
    <ul className="divide-y divide-ink/10" aria-label={tr('messages.conversations')}>
      {conversations.map((c) => {
        const name = c.display_name || tr('messages.unknownUser');
        const preview = c.last_deleted ? tr('messages.deleted') : (c.last_content ?? '');
        const text =
          c.last_sender_id === me && !c.last_deleted ? tr('messages.you', { text: preview }) : preview;
        const current = c.other_id === selected;
        return (
          <li key={c.other_id}>
            <a
              href={hrefFor(c.other_id)}
              aria-current={current ? 'page' : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onOpen(c.other_id);
              }}
              className={`flex items-center gap-3 px-3 py-3 hover:bg-lilac/60 ${current ? 'bg-lilac' : ''}`}
            >
              <span className="relative">
                <Avatar name={name} url={c.avatar_url} size={44} />
                {online.has(c.other_id) ? (
                  <span className="absolute bottom-0 right-0 h-3 w-3 rounded-full bg-green-600 ring-2 ring-white">
                    <span className="sr-only">{tr('messages.online')}</span>
                  </span>
                ) : null}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${c.unread_count ? 'font-semibold' : 'font-medium'}`}>
                    {name}
                  </span>
                  <time dateTime={c.last_at} className="shrink-0 text-xs text-ink/70">
                    {listTime(c.last_at, intl, tr('messages.justNow'))}
                  </time>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span
                    className={`truncate text-sm ${c.last_deleted ? 'italic text-ink/60' : 'text-ink/80'}`}
                  >
                    {text}
                  </span>
                  {c.unread_count ? (
                    <span className="shrink-0 rounded-full bg-violet px-2 text-xs leading-5 text-white">
                      <span aria-hidden="true">{c.unread_count}</span>
                      <span className="sr-only">{tr('messages.unread', { count: c.unread_count })}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
