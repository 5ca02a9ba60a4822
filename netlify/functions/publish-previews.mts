import { runPublishing } from '../../src/features/timeline-alchemy/server.ts';

/**
 * Netlify scheduled function, every minute: the publishing worker. Approved previews whose time
 * has come get one publication per platform (public.publish_due_previews), each claimed once and
 * posted through the platform's API (src/features/timeline-alchemy/publishing/worker.ts); a
 * preview is "published" when every platform has posted. Locally the stack's timer runs the same
 * worker (supabase/local/publish-timer.ts). Needs SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL (or
 * PUBLIC_SUPABASE_URL), SOCIAL_TOKEN_KEY and the platforms' client ids and secrets.
 */
export default async function publishPreviews(): Promise<Response> {
  const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
  const key = process.env['SUPABASE_SERVICE_ROLE_KEY'];
  if (!url || !key) {
    console.error('publish-previews: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
    return new Response('not configured', { status: 500 });
  }
  try {
    const run = await runPublishing({ url, serviceKey: key });
    console.info(`publish-previews: ${JSON.stringify(run)}`);
    return new Response(JSON.stringify(run), { status: 200 });
  } catch (error) {
    console.error(`publish-previews: ${(error as Error).message}`);
    return new Response('failed', { status: 502 });
  }
}

export const config = { schedule: '* * * * *' };
