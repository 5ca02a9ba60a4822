import { type KeyboardEvent, useId, useState } from 'react';
import { Avatar } from '~/components/app/Avatar.tsx';
import { LinkifiedText } from '~/components/app/LinkifiedText.tsx';
import type { Tr } from '~/i18n/bind.ts';
import type { FeedComment } from './feed-data.ts';

type Props = {
  /** Absent while they are read (the post shows first): as many placeholders as will show. */
  comments: FeedComment[] | undefined;
  total: number;
  canDelete: (comment: FeedComment) => boolean;
  profileHref: (userId: string) => string;
  formatDate: (iso: string) => string;
  t: Tr;
  /** Resolves true when the comment was saved (the field is cleared), false to keep the text. */
  onSend: (content: string) => Promise<boolean>;
  onDelete: (comment: FeedComment) => void;
  renderReport?: (comment: FeedComment) => React.ReactNode;
};

const SHOWN = 3;
const PLACEHOLDERS = ['a', 'b', 'c'];

/** A post's comments, newest last; past three, "show all N comments". Enter sends. */
export function Comments({
  comments,
  total,
  canDelete,
  profileHref,
  formatDate,
  t,
  onSend,
  onDelete,
  renderReport,
}: Props) {
  const [all, setAll] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const list = comments ?? [];
  const visible = all ? list : list.slice(-SHOWN);
  // Before the comments arrive, their space is kept (no jump when they come): the server's count.
  const count = comments ? list.length : total;

  const send = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    const ok = await onSend(text.trim());
    setBusy(false);
    if (ok) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="mt-4 border-t border-ink/10 pt-4">
      {count > SHOWN ? (
        <button
          type="button"
          className="mb-2 text-sm text-violet underline"
          disabled={!comments}
          onClick={() => setAll((a) => !a)}
        >
          {all
            ? t('community.comments.showLess')
            : t('community.comments.showAll', { count: Math.max(total, list.length) })}
        </button>
      ) : null}
      <ul className="space-y-3" aria-busy={comments ? undefined : true}>
        {comments
          ? null
          : PLACEHOLDERS.slice(0, Math.min(total, SHOWN)).map((key) => (
              <li key={key} aria-hidden="true" data-comment-placeholder="" className="flex gap-3">
                <span className="size-8 shrink-0 rounded-full bg-parchment" />
                <span className="h-19 flex-1 animate-pulse rounded-xl bg-parchment" />
              </li>
            ))}
        {visible.map((c) => (
          <li key={c.id} className="flex gap-3">
            <Avatar name={c.authorName} url={c.authorAvatar} size={32} />
            <div className="min-w-0 flex-1 rounded-xl bg-parchment px-3 py-2">
              <p className="wrap-anywhere text-sm">
                <a href={profileHref(c.userId)} className="font-semibold text-night hover:underline">
                  {c.authorName}
                </a>{' '}
                <time dateTime={c.createdAt} className="text-ink/70">
                  {formatDate(c.createdAt)}
                </time>
              </p>
              {c.hidden ? (
                <p data-testid="hidden-note" className="text-xs text-amber-900">
                  {t('community.post.hidden')}
                </p>
              ) : null}
              <LinkifiedText text={c.content} className="text-sm" />
              <div className="mt-1 flex gap-3 text-xs">
                {canDelete(c) ? (
                  <button type="button" className="text-red-800 underline" onClick={() => onDelete(c)}>
                    {t('community.comments.delete')}
                  </button>
                ) : null}
                {renderReport?.(c)}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={`${id}-comment`} className="sr-only">
            {t('community.comments.label')}
          </label>
          <textarea
            id={`${id}-comment`}
            rows={1}
            className="field-input"
            placeholder={t('community.comments.label')}
            aria-describedby={`${id}-hint`}
            value={text}
            maxLength={5000}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <p id={`${id}-hint`} className="sr-only">
            {t('community.comments.hint')}
          </p>
        </div>
        <button
          type="button"
          className="btn-secondary"
          disabled={!text.trim() || busy}
          onClick={() => void send()}
        >
          {t('community.comments.send')}
        </button>
      </div>
    </div>
  );
}
