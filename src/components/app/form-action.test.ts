import { describe, expect, it } from 'vitest';
import { type FormStatus, runFormAction } from './form-action.ts';

/** Runs one submit and returns every status the form went through. */
async function statuses(work: () => Promise<unknown>, check?: () => string | null | undefined) {
  const seen: FormStatus[] = [];
  await runFormAction((s) => seen.push(s), 'No connection', work as never, check);
  return seen;
}
const idle = { busy: false, error: null, notice: null };

describe('runFormAction', () => {
  it('clears the last outcome, is busy while the work runs, then shows its notice', async () => {
    const during: FormStatus[][] = [];
    const seen: FormStatus[] = [];
    await runFormAction(
      (s) => seen.push(s),
      'No connection',
      async () => {
        during.push([...seen]);
        return { notice: 'Saved' };
      },
    );
    expect(during).toEqual([[idle, { ...idle, busy: true }]]);
    expect(seen.at(-1)).toEqual({ ...idle, notice: 'Saved' });
  });

  it("shows the work's error, and is no longer busy", async () => {
    expect((await statuses(async () => ({ error: 'Wrong password' }))).at(-1)).toEqual({
      ...idle,
      error: 'Wrong password',
    });
  });

  it('answers a problem the check finds at once, without running the work', async () => {
    let ran = false;
    const seen = await statuses(
      async () => {
        ran = true;
      },
      () => 'Fill in your e-mail',
    );
    expect(ran).toBe(false);
    expect(seen).toEqual([idle, { ...idle, error: 'Fill in your e-mail' }]);
  });

  it('runs the work when the check finds nothing', async () => {
    const seen = await statuses(
      async () => ({ notice: 'Sent' }),
      () => null,
    );
    expect(seen.at(-1)).toEqual({ ...idle, notice: 'Sent' });
  });

  it('shows the network error when the work throws (no answer came)', async () => {
    const seen = await statuses(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(seen.at(-1)).toEqual({ ...idle, error: 'No connection' });
  });

  it('ends idle with nothing shown when the work moves on without an outcome', async () => {
    expect((await statuses(async () => undefined)).at(-1)).toEqual(idle);
  });
});
