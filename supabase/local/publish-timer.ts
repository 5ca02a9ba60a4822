import type pg from 'pg';

/**
 * The local stand-in for the Netlify scheduled function: every interval it asks the database to
 * publish approved previews whose time has come (public.publish_due_previews, idempotent).
 * PUBLISH_INTERVAL_MS overrides the 5 s default (a due preview is published within seconds).
 */
export function startPublishTimer(
  pool: pg.Pool,
  intervalMs = Number(process.env['PUBLISH_INTERVAL_MS'] ?? 5_000),
) {
  const tick = () => {
    // A failed tick (a migration not applied yet, a restart) is retried on the next one.
    pool.query('select public.publish_due_previews()').catch(() => undefined);
  };
  const timer = setInterval(tick, Math.max(1000, intervalMs));
  timer.unref();
  return async () => clearInterval(timer);
}
