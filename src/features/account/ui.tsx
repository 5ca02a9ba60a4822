import { useEffect, useRef } from 'react';

/** The card every section of the account page sits in. */
export const CARD = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10';

/** A section's outcome: the error (focused, so keyboard and screen reader users hear it) or the notice. */
export function Feedback({ error, notice }: { error: string | null; notice: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  return (
    <>
      {error && (
        <div ref={ref} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {error}
        </div>
      )}
      {notice && (
        <div role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
          {notice}
        </div>
      )}
    </>
  );
}

/** The data client's error texts, loaded with the first failure (not with the page). */
export const errorsModule = () => import('~/lib/supabase/errors.ts');
