import { register } from 'node:module';

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
 * (the local stand-ins under `npm start`), retrying from 1 s.
 */
export async function startPublishTimer(options: {
  url: string;
  serviceKey: string;
  env: Record<string, string | undefined>;
  intervalMs?: number;
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
  const tick = () => {
    if (stopped || running) return;
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
