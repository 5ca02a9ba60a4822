import { register } from 'node:module';
import pg from 'pg';

type Drain = (options: {
  url: string;
  serviceKey: string;
  worker: string;
  env: Record<string, string | undefined>;
  backoffBaseSeconds: number;
  budgetMs: number;
}) => Promise<{ sent: number; retried: number; failed: number }>;

let aliasRegistered = false;

/**
 * The local stand-in for the Netlify scheduled function netlify/functions/mail-outbox.mts: runs
 * the outbox worker (src/features/mail-outbox) against this stack with its service role, at once
 * when a row is enqueued (LISTEN mail_outbox: private.enqueue_mail notifies) and every
 * MAIL_OUTBOX_INTERVAL_MS (default 1 s) for retries and leases that ran out. Mails go to
 * SMTP_URL when set, else to the stack's capture. Retries back off from 2 s locally. Each run
 * first writes the notification mails that fell due (drainMailOutbox does), so they need no timer
 * of their own.
 */
export async function startMailTimer(options: {
  url: string;
  serviceKey: string;
  dbUrl: string;
  smtpUrl: string;
  intervalMs?: number;
}): Promise<() => Promise<void>> {
  if (!aliasRegistered) {
    // Plain node runs the stack (npm start, the e2e backend): resolve src/'s `~/` alias as Vite does.
    register('../../tests/bench/alias-hooks.ts', import.meta.url);
    aliasRegistered = true;
  }
  let drainMailOutbox: Drain;
  try {
    ({ drainMailOutbox } = (await import('../../src/features/mail-outbox/server.ts')) as {
      drainMailOutbox: Drain;
    });
  } catch (error) {
    // The stack still serves; the site's mails wait in the outbox until a worker runs.
    console.error(
      `[local stack] the mail outbox worker could not load, no mail is sent: ${(error as Error).message}`,
    );
    return async () => undefined;
  }
  const env = { ...process.env, SMTP_URL: process.env['SMTP_URL'] || options.smtpUrl };
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainMailOutbox({
      url: options.url,
      serviceKey: options.serviceKey,
      worker: `local-${process.pid}`,
      env,
      backoffBaseSeconds: 2,
      budgetMs: 20_000,
    })
      .then(
        () => undefined,
        // A failed run (a migration not applied yet, a restart) is retried on the next tick.
        () => undefined,
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const listener = new pg.Client({ connectionString: options.dbUrl });
  listener.on('error', () => undefined);
  listener.on('notification', tick);
  await listener.connect();
  await listener.query('listen mail_outbox');
  const timer = setInterval(
    tick,
    Math.max(200, options.intervalMs ?? Number(process.env['MAIL_OUTBOX_INTERVAL_MS'] ?? 1_000)),
  );
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await listener.end().catch(() => undefined);
    await running;
  };
}
