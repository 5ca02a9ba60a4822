import type { Platform } from '../platforms.ts';
import type { StepReviewProps } from './StepReview.tsx';

type Props = StepReviewProps & { at: Date | null; zone: string; platforms: Platform[] };

/**
 * Step 5's debug info box (SPEC.md 2, wizard step 5): exactly what Save will store, folded away
 * in a <details> for the admin who wants to check ids, the UTC instant and the revision.
 */
export function SaveDetails({ state: s, client, post, clientZone, revision, at, zone, platforms, t }: Props) {
  const rows: Array<[string, string]> = [
    [t('taw.debug.client'), client ? `${client.name} · ${client.profile_id}` : '—'],
    [
      t('taw.debug.clientZone'),
      clientZone ? clientZone : clientZone === null ? t('taw.debug.unknownZone') : '…',
    ],
    [t('taw.debug.post'), post ? `${post.title} · ${post.id}` : t('taw.customContent')],
    [t('taw.debug.platforms'), platforms.join(', ') || '—'],
    [t('taw.debug.scheduleUtc'), at ? at.toISOString() : t('taw.debug.notScheduled')],
    [t('taw.debug.zone'), zone],
    [t('taw.debug.status'), `${t('ta.status.pending')} (pending)`],
    [
      t('taw.debug.revision'),
      revision === 1 ? t('taw.debug.firstRevision') : t('taw.debug.nextRevision', { n: revision }),
    ],
    [t('taw.debug.title'), s.title.trim() || post?.title || '—'],
  ];
  return (
    <details className="rounded-xl bg-ink/5 p-4 text-sm ring-1 ring-ink/10" data-testid="save-details">
      <summary className="cursor-pointer font-semibold">{t('taw.debug.summary')}</summary>
      <dl className="mt-3 grid gap-x-4 gap-y-1 font-mono text-xs sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-sans font-semibold">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
