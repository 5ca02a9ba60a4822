/**
 * Netlify scheduled function, every 5 minutes: the site's scheduled upkeep, in one place.
 * 1. public.publish_due_previews(): publishes approved previews whose time has come (idempotent,
 *    recorded in the history).
 * 2. public.run_upkeep(keep_sent_days): daily the newsletter's erased-proof purge, sent outbox mails
 *    older than MAIL_OUTBOX_KEEP_DAYS (default 30; failed ones stay for admins) and stale rate-limit
 *    counters; on every run the "review link expires soon" notifications (README "Scheduled upkeep").
 * Both are callable only with the service role. Locally the stack's timer does the same
 * (supabase/local/publish-timer.ts). Needs SUPABASE_SERVICE_ROLE_KEY and PUBLIC_SUPABASE_URL (or
 * SUPABASE_URL) in the site's environment.
 */
import { keepSentDays } from '../../src/features/mail-outbox/server.ts';

export default async function publishPreviews(): Promise<Response> {
  const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
  const key = process.env['SUPABASE_SERVICE_ROLE_KEY'];
  if (!url || !key) {
    console.error('publish-previews: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
    return new Response('not configured', { status: 500 });
  }
  const rpc = async (name: string, body: unknown) => {
    const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(12_000),
    });
    const text = await response.text();
    if (!response.ok) console.error(`publish-previews: ${name} HTTP ${response.status}: ${text}`);
    else console.info(`publish-previews: ${name} ${text}`);
    return { ok: response.ok, text };
  };
  // One failing task does not keep the other from running.
  const published = await rpc('publish_due_previews', {}).catch(() => ({ ok: false, text: 'null' }));
  const upkeep = await rpc('run_upkeep', { p_keep_sent_days: keepSentDays(process.env) }).catch(() => ({
    ok: false,
    text: 'null',
  }));
  const answer = (r: { ok: boolean; text: string }) => (r.ok ? r.text : 'null');
  return new Response(`{"published":${answer(published)},"upkeep":${answer(upkeep)}}`, {
    status: published.ok && upkeep.ok ? 200 : 502,
    headers: { 'content-type': 'application/json' },
  });
}

export const config = { schedule: '*/5 * * * *' };
