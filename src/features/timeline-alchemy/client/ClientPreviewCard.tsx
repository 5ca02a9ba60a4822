import { type ReactNode, useState } from 'react';
import type { Locale } from '~/i18n/locales.ts';
import { type DraftContent, type HistoryEntry, type PreviewStatus, textFor } from '../data.ts';
import { parseChannel } from '../platforms.ts';
import { formatWhen, platformName, type T } from '../shared/format.ts';
import { HistoryList } from '../shared/HistoryList.tsx';
import { PlatformMockup } from '../shared/PlatformMockup.tsx';
import { RevisionDiff } from '../shared/RevisionDiff.tsx';
import { isOverdue, StatusBadge } from '../shared/StatusBadge.tsx';

export type ReviewItem = {
  id: string;
  title: string | null;
  channel: string;
  draft: DraftContent;
  status: PreviewStatus;
  revision: number;
  reviewedRevision: number | null;
  scheduledAt: string | null;
  createdAt: string;
  clientName: string;
  adminNotes: string | null;
  feedback: string | null;
};

type Props = {
  item: ReviewItem;
  lang: Locale;
  t: T;
  /** The text as the client last reviewed it, for the diff (null: nothing reviewed yet). */
  reviewed: DraftContent | null;
  /** The client's stored IANA zone; without one, the browser's own. */
  zone?: string | null | undefined;
  history?: HistoryEntry[];
  onApprove: () => Promise<boolean>;
  onRequestChanges: (feedback: string) => Promise<boolean>;
  /** Per-platform publishing state (../publishing/Publications.tsx). */
  footer?: ReactNode;
  /** The preview's conversation (../conversation/Thread.tsx); it shows the change requests too. */
  thread?: ReactNode;
};

/** A preview as the client reviews it: mockups per platform, what changed, and the two decisions. */
export function ClientPreviewCard({
  item,
  lang,
  t,
  reviewed,
  zone,
  history,
  onApprove,
  onRequestChanges,
  footer,
  thread,
}: Props) {
  const [asking, setAsking] = useState(false);
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const platforms = parseChannel(item.channel);
  const title = item.title || t('ta.untitled');
  const changed = reviewed && item.reviewedRevision !== null && item.reviewedRevision < item.revision;

  const submit = async () => {
    if (!feedback.trim()) {
      setError(t('ta.my.feedbackRequired'));
      return;
    }
    setBusy(true);
    // On failure the typed feedback stays in the box.
    if (await onRequestChanges(feedback.trim())) {
      setAsking(false);
      setFeedback('');
      setError('');
    }
    setBusy(false);
  };

  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10" aria-label={title}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={item.status} label={t(`ta.status.${item.status}`)} />
        {isOverdue({ status: item.status, scheduled_at: item.scheduledAt }) ? (
          <StatusBadge status="overdue" label={t('ta.status.overdue')} />
        ) : null}
        {platforms.map((p) => (
          <span key={p} className="rounded-full bg-ink/5 px-2 py-0.5 text-xs">
            {platformName(p, t)}
          </span>
        ))}
        <span className="ml-auto text-xs text-ink/60">{t('ta.revision', { n: item.revision })}</span>
      </div>
      <h2 className="mt-2 text-xl">{title}</h2>
      <p className="text-sm text-ink/70">
        {t('ta.scheduled')}:{' '}
        {item.scheduledAt
          ? `${formatWhen(item.scheduledAt, lang, zone ?? undefined)} (${zone ? t('ta.yourTimeIn', { zone }) : t('ta.yourTime')})`
          : t('ta.notScheduled')}
        {' · '}
        {t('ta.created')}: {formatWhen(item.createdAt, lang)} · {item.clientName}
      </p>
      {changed ? (
        <section className="mt-3 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
          <h3 className="text-sm font-semibold">
            {t('ta.my.changedSince', { from: item.reviewedRevision ?? 0, to: item.revision })}
          </h3>
          {platforms.map((p) => {
            const before = textFor(reviewed, p);
            const after = textFor(item.draft, p);
            return before === after ? null : (
              <div key={p} className="mt-2">
                <p className="text-xs font-semibold">{platformName(p, t)}</p>
                <RevisionDiff
                  before={before}
                  after={after}
                  addedLabel={t('ta.my.added')}
                  removedLabel={t('ta.my.removed')}
                />
              </div>
            );
          })}
        </section>
      ) : null}
      <div className="mt-4 grid items-start gap-3 md:grid-cols-2">
        {platforms.map((p) => (
          <PlatformMockup
            key={p}
            platform={p}
            label={platformName(p, t)}
            text={textFor(item.draft, p)}
            image={item.draft.image}
            name={item.clientName}
            seeMore={t('taw.seeMore')}
          />
        ))}
      </div>
      {item.adminNotes ? (
        <p className="mt-3 text-sm">
          <strong>{t('ta.adminNotes')}:</strong> {item.adminNotes}
        </p>
      ) : null}
      {item.feedback && !thread ? (
        <p className="mt-2 text-sm">
          <strong>{t('ta.feedback')}:</strong> {item.feedback}
        </p>
      ) : null}
      {history ? <HistoryList entries={history} lang={lang} t={t} /> : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {item.status === 'pending' ? (
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await onApprove();
              setBusy(false);
            }}
          >
            {t('ta.my.approve')}
          </button>
        ) : null}
        {item.status === 'approved' ? (
          <p className="text-sm text-emerald-800">{t('ta.my.approvedReady')}</p>
        ) : null}
        {item.status === 'published' ? (
          <p className="text-sm text-sky-800">{t('ta.status.published')}</p>
        ) : null}
        {item.status !== 'rejected' && !asking ? (
          <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
            {t('ta.my.requestChanges')}
          </button>
        ) : null}
      </div>
      {asking ? (
        <div className="mt-3 space-y-2">
          <label className="block text-sm">
            <span className="font-medium">{t('ta.my.feedbackLabel')}</span>
            <textarea
              className="field-input mt-1 w-full"
              rows={3}
              value={feedback}
              placeholder={t('ta.my.feedbackPlaceholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `fb-err-${item.id}` : undefined}
              onChange={(e) => setFeedback(e.target.value)}
            />
          </label>
          {error ? (
            <p id={`fb-err-${item.id}`} className="text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button type="button" className="btn-primary" disabled={busy} onClick={submit}>
              {t('ta.my.submit')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
              {t('app.cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {thread}
      {footer}
    </article>
  );
}
