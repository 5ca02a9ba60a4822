import { useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '~/i18n/locales.ts';
import { previewThreadAnchor as threadAnchor } from '~/lib/member-paths.ts';
import type { T } from '../shared/format.ts';
import { CommentBox } from './CommentBox.tsx';
import { ThreadComment } from './ThreadComment.tsx';
import { type Comment, canEdit, groupByRevision, openCount } from './thread-state.ts';

type Props = {
  previewId: string;
  /** The preview's current revision: new comments are written on it; older ones fold away. */
  revision: number;
  comments: Comment[];
  status: 'loading' | 'ready' | 'error';
  lang: Locale;
  t: T;
  /** Sends a comment: null when sent, else why not (translated); the box keeps the text. */
  onSend: (body: string) => Promise<string | null>;
  /** Resolve or reopen (admins and the client; absent on the review link). */
  onResolve?: ((id: string, resolved: boolean) => Promise<boolean>) | undefined;
  /** The signed-in person and how they correct their own comments (absent on the review link). */
  me?: string | undefined;
  onEdit?: ((id: string, body: string) => Promise<string | null>) | undefined;
  /** The review-link visitor writes under a name they give (shared by the page's threads). */
  name?: { value: string; onChange: (value: string) => void } | undefined;
};

/** A preview's conversation: comments grouped by revision, resolve/reopen, and a write box. */
export function Thread({
  previewId,
  revision,
  comments,
  status,
  lang,
  t,
  onSend,
  onResolve,
  me,
  onEdit,
  name,
}: Props) {
  const id = useId();
  const section = useRef<HTMLElement>(null);
  // A link to this thread (a notification's `#thread-<preview>`): shown and focused once it is loaded;
  // the browser's own jump happened before the cards were drawn.
  useEffect(() => {
    if (status !== 'ready' || window.location.hash !== `#${threadAnchor(previewId)}`) return;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.focus({ preventScroll: true });
  }, [status, previewId]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [showOlder, setShowOlder] = useState(false);
  const groups = groupByRevision(comments, previewId, revision);
  const older = groups.filter((g) => !g.current);
  const olderCount = older.reduce((n, g) => n + g.comments.length, 0);
  const open = openCount(comments, previewId);

  const send = async () => {
    if (busy || !text.trim()) return;
    if (name && !name.value.trim()) {
      setError(t('ta.thread.nameRequired'));
      return;
    }
    setBusy(true);
    setError('');
    // On failure the text stays in the box.
    const problem = await onSend(text.trim());
    if (problem === null) setText('');
    else setError(`${t('ta.thread.sendFailed')} ${problem}`);
    setBusy(false);
  };

  return (
    <section
      ref={section}
      id={threadAnchor(previewId)}
      tabIndex={-1}
      className="mt-4 scroll-mt-20 border-t border-ink/10 pt-3"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="flex flex-wrap items-center gap-2 text-base font-semibold">
        {t('ta.thread.title')}
        {open > 0 ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            {t('ta.thread.open', { count: open })}
          </span>
        ) : null}
      </h3>
      {status === 'loading' ? (
        <p role="status" className="mt-2 text-sm text-ink/60">
          {t('ta.thread.loading')}
        </p>
      ) : null}
      {status === 'error' ? <p className="mt-2 text-sm text-red-800">{t('ta.thread.loadError')}</p> : null}
      {status === 'ready' && groups.every((g) => g.comments.length === 0) ? (
        <p className="mt-2 text-sm text-ink/60">{t('ta.thread.none')}</p>
      ) : null}
      {olderCount > 0 ? (
        <button
          type="button"
          className="mt-2 text-sm underline"
          aria-expanded={showOlder}
          onClick={() => setShowOlder((v) => !v)}
        >
          {showOlder ? t('ta.thread.hideOlder') : t('ta.thread.showOlder', { count: olderCount })}
        </button>
      ) : null}
      {groups
        .filter((g) => g.comments.length > 0 && (g.current || showOlder))
        .map((g) => (
          <div key={g.revision} className="mt-2">
            <h4 className="text-xs font-semibold uppercase tracking-wide text-ink/60">
              {t('ta.thread.onRevision', { n: g.revision })}
              {g.current ? ` · ${t('ta.thread.current')}` : ''}
            </h4>
            <ol className="mt-1 space-y-2">
              {g.comments.map((c) => (
                <ThreadComment
                  key={c.id}
                  comment={c}
                  lang={lang}
                  t={t}
                  onResolve={onResolve}
                  onEdit={onEdit && canEdit(c, me) ? onEdit : undefined}
                />
              ))}
            </ol>
          </div>
        ))}
      <div className="mt-3 space-y-2">
        {name ? (
          <label className="block text-sm">
            <span className="font-medium">{t('ta.thread.yourName')}</span>
            <input
              className="field-input mt-1 w-full"
              value={name.value}
              maxLength={80}
              autoComplete="name"
              onChange={(e) => name.onChange(e.target.value)}
            />
          </label>
        ) : null}
        <CommentBox
          label={t('ta.thread.label')}
          value={text}
          onChange={setText}
          placeholder={t('ta.thread.placeholder')}
          hint={t('ta.thread.hint')}
          error={error}
          onSubmit={() => void send()}
        />
        <button type="button" className="btn-primary" disabled={busy || !text.trim()} onClick={send}>
          {busy ? t('ta.thread.sending') : t('ta.thread.send')}
        </button>
      </div>
    </section>
  );
}
