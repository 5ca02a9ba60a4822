import { type KeyboardEvent, useId, useState } from 'react';
import type { Locale } from '~/i18n/locales.ts';
import { formatWhen, type T } from '../shared/format.ts';
import { type Comment, groupByRevision, openCount } from './thread-state.ts';

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
  /** The review-link visitor writes under a name they give (shared by the page's threads). */
  name?: { value: string; onChange: (value: string) => void } | undefined;
};

/** A preview's conversation: comments grouped by revision, resolve/reopen, and a write box. */
export function Thread({ previewId, revision, comments, status, lang, t, onSend, onResolve, name }: Props) {
  const id = useId();
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
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <section className="mt-4 border-t border-ink/10 pt-3" aria-labelledby={`${id}-title`}>
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
                <li
                  key={c.id}
                  className={`rounded-lg p-2 text-sm ${c.resolved_at ? 'bg-ink/5' : 'bg-sky-50'}`}
                >
                  <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink/70">
                    <strong className="text-ink">
                      {c.author_name || t(`ta.thread.role.${c.author_kind}`)}
                    </strong>
                    <span>
                      {t(`ta.thread.role.${c.author_kind}`)}
                      {c.author_kind === 'link' ? ` (${t('ta.thread.viaLink')})` : ''}
                    </span>
                    <time dateTime={c.created_at}>{formatWhen(c.created_at, lang)}</time>
                    {c.history_id ? (
                      <span className="font-medium">{t('ta.thread.changeRequest')}</span>
                    ) : null}
                    {c.edited_at ? <span>({t('ta.thread.edited')})</span> : null}
                    {c.resolved_at ? <span className="font-medium">{t('ta.thread.resolved')}</span> : null}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words">{c.body}</p>
                  {onResolve ? (
                    <button
                      type="button"
                      className="mt-1 text-xs underline"
                      onClick={() => void onResolve(c.id, !c.resolved_at)}
                    >
                      {c.resolved_at ? t('ta.thread.reopen') : t('ta.thread.resolve')}
                    </button>
                  ) : null}
                </li>
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
        <label className="block text-sm">
          <span className="font-medium">{t('ta.thread.label')}</span>
          <textarea
            className="field-input mt-1 w-full"
            rows={2}
            maxLength={2000}
            value={text}
            placeholder={t('ta.thread.placeholder')}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </label>
        <p id={`${id}-hint`} className="text-xs text-ink/60">
          {t('ta.thread.hint')}
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <button type="button" className="btn-primary" disabled={busy || !text.trim()} onClick={send}>
          {busy ? t('ta.thread.sending') : t('ta.thread.send')}
        </button>
      </div>
    </section>
  );
}
