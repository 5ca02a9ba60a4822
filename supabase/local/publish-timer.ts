import { register } from 'node:module';
import type pg from 'pg';
import { keepSentDays } from '../../src/features/mail-outbox/upkeep.ts';

type Run = (options: {
  url: string;
  serviceKey: string;
  env: Record<string, string | undefined>;
  backoffSeconds: number;
}) => Promise<unknown>;

let aliasRegistered = false;

/**
 * The local stand-in for the Netlify scheduled function netlify/functions/publish-previews.mts:
 * every PUBLISH_INTERVAL_MS (default 2 s) it runs the publishing worker
 * (src/features/timeline-alchemy/publishing/worker.ts) against this stack with its service role:
 * due previews get their publications, which are posted to the platforms the env points at
 * (the local stand-ins under `npm start`), retrying from 1 s. With `pool` it also runs the
 * scheduled upkeep (public.run_upkeep: its daily tasks once a day however often it is called;
 * review-link reminders every time), as the Netlify function does after publishing.
 */
export async function startPublishTimer(options: {
  url: string;
  serviceKey: string;
  env: Record<string, string | undefined>;
  intervalMs?: number;
  pool?: pg.Pool;
}): Promise<() => Promise<void>> {
  if (!aliasRegistered) {
    register('../../tests/bench/alias-hooks.ts', import.meta.url);
    aliasRegistered = true;
  }
  let runPublishing: Run;
  try {
    ({ runPublishing } = (await import('../../src/features/timeline-alchemy/publishing/worker.ts')) as {
      runPublishing: Run;
    });
  } catch (error) {
    console.error(`[local stack] the publishing worker could not load: ${(error as Error).message}`);
    return async () => undefined;
  }
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const keep = keepSentDays(options.env);
  const tick = () => {
    if (stopped || running) return;
    // A failed upkeep (a migration not applied yet, a restart) is retried on the next tick.
    options.pool?.query('select public.run_upkeep($1)', [keep]).catch(() => undefined);
    running = runPublishing({
      url: options.url,
      serviceKey: options.serviceKey,
      env: options.env,
      backoffSeconds: 1,
    })
      // A failed run (a migration not applied yet, a restart) is retried on the next tick.
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(
    tick,
    Math.max(200, options.intervalMs ?? Number(process.env['PUBLISH_INTERVAL_MS'] ?? 2_000)),
  );
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
