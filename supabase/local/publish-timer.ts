import type pg from 'pg';
import { keepSentDays } from '../../src/features/mail-outbox/upkeep.ts';

/**
 * The local stand-in for the Netlify scheduled function netlify/functions/publish-previews.mts:
 * every interval it asks the database to publish approved previews whose time has come
 * (public.publish_due_previews, idempotent) and runs the scheduled upkeep (public.run_upkeep:
 * its daily tasks run once a day however often it is called; review-link reminders every time).
 * PUBLISH_INTERVAL_MS overrides the 5 s default (a due preview is published within seconds).
 */
export function startPublishTimer(
  pool: pg.Pool,
  intervalMs = Number(process.env['PUBLISH_INTERVAL_MS'] ?? 5_000),
) {
  const keep = keepSentDays(process.env);
  const tick = () => {
    // A failed tick (a migration not applied yet, a restart) is retried on the next one.
    pool.query('select public.publish_due_previews()').catch(() => undefined);
    pool.query('select public.run_upkeep($1)', [keep]).catch(() => undefined);
  };
  const timer = setInterval(tick, Math.max(1000, intervalMs));
  timer.unref();
  return async () => clearInterval(timer);
}
