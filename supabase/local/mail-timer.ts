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
  /** The run to start (tests hand in their own worker); default: the site's drainMailOutbox. */
  drain?: Drain;
}): Promise<() => Promise<void>> {
  if (!aliasRegistered) {
    // Plain node runs the stack (npm start, the e2e backend): resolve src/'s `~/` alias as Vite does.
    register('../../tests/bench/alias-hooks.ts', import.meta.url);
    aliasRegistered = true;
  }
  let drainMailOutbox: Drain;
  try {
    drainMailOutbox =
      options.drain ??
      ((await import('../../src/features/mail-outbox/server.ts')) as { drainMailOutbox: Drain })
        .drainMailOutbox;
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
  // LISTEN on its own connection; a lost connection (a database restart) listens again, and the
  // interval covers the gap.
  let listener: pg.Client | undefined;
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.dbUrl });
    listener = client;
    client.on('notification', tick);
    client.on('error', () => undefined);
    await client.connect();
    await client.query('listen mail_outbox');
    let lost = false;
    const relisten = () => {
      if (lost || stopped) return;
      lost = true;
      client.end().catch(() => undefined);
      const retry = () => {
        if (!stopped) listen().catch(() => setTimeout(retry, 1_000).unref());
      };
      setTimeout(retry, 1_000).unref();
    };
    client.on('error', relisten);
    client.on('end', relisten);
  };
  await listen();
  const timer = setInterval(
    tick,
    Math.max(200, options.intervalMs ?? Number(process.env['MAIL_OUTBOX_INTERVAL_MS'] ?? 1_000)),
  );
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await listener?.end().catch(() => undefined);
    await running;
  };
}
