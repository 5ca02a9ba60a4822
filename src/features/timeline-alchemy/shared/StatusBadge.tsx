import type { PreviewStatus } from '../data.ts';

const STYLE: Record<PreviewStatus | 'overdue', string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  published: 'bg-sky-100 text-sky-900',
  overdue: 'bg-orange-200 text-orange-950',
};

/** A preview's status as a coloured pill with its translated name. */
export function StatusBadge({ status, label }: { status: PreviewStatus | 'overdue'; label: string }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLE[status]}`}>{label}</span>;
}

/** Marks a client who deleted their account (their previews stay readable for the admin). */
export function ClientDeletedBadge({ label }: { label: string }) {
  return (
    <span
      className="rounded-full bg-ink/10 px-2.5 py-0.5 text-xs font-semibold text-ink/80"
      data-client-deleted
    >
      {label}
    </span>
  );
}

/** True when a pending preview's scheduled time has passed. */
export const isOverdue = (p: { status: string; scheduled_at: string | null }, now = Date.now()) =>
  p.status === 'pending' && !!p.scheduled_at && new Date(p.scheduled_at).getTime() < now;
