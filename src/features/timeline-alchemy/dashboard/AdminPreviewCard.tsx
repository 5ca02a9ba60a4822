import type { ReactNode } from 'react';
import type { Locale } from '~/i18n/locales.ts';
import { type Preview, textFor } from '../data.ts';
import { cut, parseChannel } from '../platforms.ts';
import { formatWhen, platformName, type T } from '../shared/format.ts';
import { ClientDeletedBadge, isOverdue, StatusBadge } from '../shared/StatusBadge.tsx';

type Props = {
  preview: Preview;
  lang: Locale;
  t: T;
  wizardPath: string;
  /** The client deleted their account: marked, and no edit offered (the database refuses it). */
  clientDeleted?: boolean;
  onDelete: () => void;
  /** Per-platform publishing state (../publishing/Publications.tsx). */
  footer?: ReactNode;
  /** The preview's conversation (../conversation/Thread.tsx); it shows the change requests too. */
  thread?: ReactNode;
};

/** One preview on the dashboard: client, title, platforms, texts cut at 200, schedule, actions. */
export function AdminPreviewCard({
  preview: p,
  lang,
  t,
  wizardPath,
  clientDeleted = false,
  onDelete,
  footer,
  thread,
}: Props) {
  const title = p.ideas?.title || t('ta.untitled');
  const view = `${wizardPath}?id=${p.id}`;
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10" aria-label={title}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={p.status} label={t(`ta.status.${p.status}`)} />
        {isOverdue(p) ? <StatusBadge status="overdue" label={t('ta.status.overdue')} /> : null}
        <span className="text-xs text-ink/60">{t('ta.revision', { n: p.revision })}</span>
      </div>
      <h2 className="mt-2 text-xl">{title}</h2>
      <p className="text-sm text-ink/70">
        {t('ta.client')}: {p.clients?.name ?? '—'}{' '}
        {clientDeleted ? <ClientDeletedBadge label={t('ta.clientDeleted')} /> : null}
      </p>
      <ul className="mt-3 space-y-2">
        {parseChannel(p.channel).map((platform) => (
          <li key={platform} className="text-sm">
            <span className="mr-2 rounded bg-ink/5 px-1.5 py-0.5 text-xs font-semibold">
              {platformName(platform, t)}
            </span>
            {cut(textFor(p.draft_content, platform))}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink/70">
        {t('ta.scheduled')}: {p.scheduled_at ? formatWhen(p.scheduled_at, lang) : t('ta.notScheduled')}
      </p>
      {p.client_feedback && !thread ? (
        <p className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-900">
          <strong>{t('ta.feedback')}:</strong> {p.client_feedback}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <a className="btn-secondary" href={view}>
          {t('ta.dash.view')}
        </a>
        {p.status !== 'published' && !clientDeleted ? (
          <a className="btn-secondary" href={`${view}&edit=true`}>
            {t('ta.dash.edit')}
          </a>
        ) : null}
        <button type="button" className="btn-secondary text-red-800" onClick={onDelete}>
          {t('ta.dash.delete')}
        </button>
      </div>
      {thread}
      {footer}
    </article>
  );
}
