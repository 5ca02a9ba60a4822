import { useEffect, useRef, useState } from 'react';
import type { Locale } from '~/i18n/locales.ts';
import { formatWhen, type T } from '../shared/format.ts';
import { CommentBox } from './CommentBox.tsx';
import type { Comment } from './thread-state.ts';

type Props = {
  comment: Comment;
  lang: Locale;
  t: T;
  /** Resolve or reopen (absent on the review link). */
  onResolve?: ((id: string, resolved: boolean) => Promise<boolean>) | undefined;
  /** Saves a correction of the person's own comment: null when saved, else why not (translated). */
  onEdit?: ((id: string, body: string) => Promise<string | null>) | undefined;
};

/** One comment of a thread: who, when, what; its author can correct it in place. */
export function ThreadComment({ comment: c, lang, t, onResolve, onEdit }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    // Focus follows the edit: into the box when it opens, back to its button when it closes.
    if (editing) box.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const open = () => {
    setDraft(c.body);
    setError('');
    setEditing(true);
  };
  const save = async () => {
    if (!onEdit || busy || !draft.trim()) return;
    if (draft.trim() === c.body) {
      setEditing(false);
      return;
    }
    setBusy(true);
    setError('');
    // On failure the box stays open with what was typed.
    const problem = await onEdit(c.id, draft.trim());
    setBusy(false);
    if (problem === null) setEditing(false);
    else setError(`${t('ta.thread.editFailed')} ${problem}`);
  };

  return (
    <li className={`rounded-lg p-2 text-sm ${c.resolved_at ? 'bg-ink/5' : 'bg-sky-50'}`}>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink/70">
        <strong className="text-ink">{c.author_name || t(`ta.thread.role.${c.author_kind}`)}</strong>
        <span>
          {t(`ta.thread.role.${c.author_kind}`)}
          {c.author_kind === 'link' ? ` (${t('ta.thread.viaLink')})` : ''}
        </span>
        <time dateTime={c.created_at}>{formatWhen(c.created_at, lang)}</time>
        {c.history_id ? <span className="font-medium">{t('ta.thread.changeRequest')}</span> : null}
        {c.edited_at ? <span>({t('ta.thread.edited')})</span> : null}
        {c.resolved_at ? <span className="font-medium">{t('ta.thread.resolved')}</span> : null}
      </p>
      {editing ? (
        <div className="mt-1 space-y-1">
          <CommentBox
            label={t('ta.thread.editLabel')}
            labelHidden
            value={draft}
            onChange={setDraft}
            hint={t('ta.thread.editHint')}
            error={error}
            onSubmit={() => void save()}
            onEscape={() => setEditing(false)}
            boxRef={box}
          />
          <div className="flex gap-2">
            <button type="button" className="btn-primary" disabled={busy || !draft.trim()} onClick={save}>
              {busy ? t('ta.thread.saving') : t('ta.thread.save')}
            </button>
            <button type="button" className="text-sm underline" onClick={() => setEditing(false)}>
              {t('ta.thread.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <p className="mt-1 whitespace-pre-wrap break-words">{c.body}</p>
      )}
      <div className="mt-1 flex gap-3">
        {onResolve && !editing ? (
          <button
            type="button"
            className="text-xs underline"
            onClick={() => void onResolve(c.id, !c.resolved_at)}
          >
            {c.resolved_at ? t('ta.thread.reopen') : t('ta.thread.resolve')}
          </button>
        ) : null}
        {onEdit && !editing ? (
          <button ref={editButton} type="button" className="text-xs underline" onClick={open}>
            {t('ta.thread.edit')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
