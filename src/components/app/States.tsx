import type { ReactNode } from 'react';

const SKELETON_KEYS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];

/** A list or page that is loading: announced politely, with a skeleton for sighted people. */
export function LoadingState({
  label,
  lines = 3,
  className = '',
}: {
  label: string;
  lines?: number;
  /** e.g. a height to hold for what loads, so what follows it does not move when it arrives. */
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={`space-y-3 py-6 ${className}`}>
      <span className="sr-only">{label}</span>
      {SKELETON_KEYS.slice(0, lines).map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="h-16 animate-pulse rounded-xl bg-ink/5 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

/** Nothing to show yet, with an optional way forward (a link or button). */
export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-ink/20 bg-white/60 px-6 py-10 text-center">
      <p className="font-serif text-xl text-night">{title}</p>
      {text ? <p className="mt-2 text-ink/70">{text}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** A failed load: says what failed and offers Try Again; announced assertively. */
export function ErrorState({
  title,
  text,
  retryLabel,
  onRetry,
}: {
  title: string;
  text?: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="rounded-2xl bg-red-50 px-6 py-8 text-center text-red-900 ring-1 ring-red-200"
    >
      <p className="font-semibold">{title}</p>
      {text ? <p className="mt-1 text-sm">{text}</p> : null}
      <button type="button" className="btn-secondary mt-4" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** A signed-in person on a page their role may not open: say so and offer a way back. */
export function NotAllowed({
  title,
  text,
  backLabel,
  backHref,
}: {
  title: string;
  text: string;
  backLabel: string;
  backHref: string;
}) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-ink/10">
      <h2 className="text-2xl">{title}</h2>
      <p className="mt-2 text-ink/80">{text}</p>
      <a href={backHref} className="btn-primary mt-6">
        {backLabel}
      </a>
    </div>
  );
}
