import { keepSentDays } from '../../src/features/mail-outbox/server.ts';
import { runPublishing } from '../../src/features/timeline-alchemy/server.ts';

/**
 * Netlify scheduled function, every minute: the site's scheduled work, in one place.
 * 1. The publishing worker: approved previews whose time has come get one publication per
 *    platform (public.publish_due_previews), each claimed once and posted through the platform's
 *    API (src/features/timeline-alchemy/publishing/worker.ts); a preview is "published" when every
 *    platform has posted.
 * 2. public.run_upkeep(keep_sent_days): daily the newsletter's erased-proof purge, sent outbox mails
 *    older than MAIL_OUTBOX_KEEP_DAYS (default 30; failed ones stay for admins) and stale rate-limit
 *    counters; on every run the "review link expires soon" notifications (README "Scheduled upkeep").
 * Locally the stack's timer does the same (supabase/local/publish-timer.ts). Needs
 * SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL (or PUBLIC_SUPABASE_URL), SOCIAL_TOKEN_KEY and the
 * platforms' client ids and secrets.
 */
export default async function publishPreviews(): Promise<Response> {
  const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
  const key = process.env['SUPABASE_SERVICE_ROLE_KEY'];
  if (!url || !key) {
    console.error('publish-previews: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
    return new Response('not configured', { status: 500 });
  }
  // One failing task does not keep the other from running.
  const publishing = await runPublishing({ url, serviceKey: key }).then(
    (run) => ({ ok: true, value: run as unknown }),
    (error: unknown) => {
      console.error(`publish-previews: ${(error as Error).message}`);
      return { ok: false, value: null };
    },
  );
  const upkeep = await fetch(`${url}/rest/v1/rpc/run_upkeep`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_keep_sent_days: keepSentDays(process.env) }),
    signal: AbortSignal.timeout(12_000),
  }).then(
    async (response) => {
      const text = await response.text();
      if (!response.ok) console.error(`publish-previews: run_upkeep HTTP ${response.status}: ${text}`);
      return { ok: response.ok, value: response.ok ? (JSON.parse(text || 'null') as unknown) : null };
    },
    (error: unknown) => {
      console.error(`publish-previews: run_upkeep ${(error as Error).message}`);
      return { ok: false, value: null };
    },
  );
  const answer = { published: publishing.value, upkeep: upkeep.value };
  console.info(`publish-previews: ${JSON.stringify(answer)}`);
  return new Response(JSON.stringify(answer), {
    status: publishing.ok && upkeep.ok ? 200 : 502,
    headers: { 'content-type': 'application/json' },
  });
}

export const config = { schedule: '* * * * *' };
