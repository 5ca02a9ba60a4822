import { type FormEvent, useState } from 'react';

/** Where a small form stands: sending, and the last outcome shown under it. */
export type FormStatus = { busy: boolean; error: string | null; notice: string | null };

/** What a form's work ends with: an error or a notice to show, or nothing (it moved on). */
export type FormOutcome = { error: string } | { notice: string } | undefined;

const IDLE: FormStatus = { busy: false, error: null, notice: null };

/**
 * One submit of a small form: the last outcome is cleared; a problem `check` finds (before
 * anything is sent) is shown at once; otherwise the form is busy while `work` runs and then shows
 * its outcome, or `networkError` when it throws (no answer came).
 */
export async function runFormAction(
  set: (status: FormStatus) => void,
  networkError: string,
  work: () => Promise<FormOutcome>,
  check?: () => string | null | undefined,
): Promise<void> {
  set(IDLE);
  const problem = check?.();
  if (problem) return set({ ...IDLE, error: problem });
  set({ ...IDLE, busy: true });
  const outcome = await work().catch(() => ({ error: networkError }));
  set({ ...IDLE, ...outcome });
}

/**
 * The submit/status cycle of the account page's forms: `submit(work, check)` is the form's
 * onSubmit; `busy`, `error` and `notice` are for its button and <FormFeedback>.
 */
export function useFormAction(networkError: string) {
  const [status, setStatus] = useState<FormStatus>(IDLE);
  const submit =
    (work: () => Promise<FormOutcome>, check?: () => string | null | undefined) => (event: FormEvent) => {
      event.preventDefault();
      return runFormAction(setStatus, networkError, work, check);
    };
  return { ...status, submit };
}
