/**
 * Netlify scheduled function: every 5 minutes, asks the database to publish approved previews
 * whose time has come (public.publish_due_previews: idempotent, recorded in the history, callable
 * only with the service role). Locally the stack's timer does the same (supabase/local/publish-timer.ts).
 * Needs SUPABASE_SERVICE_ROLE_KEY and PUBLIC_SUPABASE_URL (or SUPABASE_URL) in the site's environment.
 */
export default async function publishPreviews(): Promise<Response> {
  const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
  const key = process.env['SUPABASE_SERVICE_ROLE_KEY'];
  if (!url || !key) {
    console.error('publish-previews: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
    return new Response('not configured', { status: 500 });
  }
  const response = await fetch(`${url}/rest/v1/rpc/publish_due_previews`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(20_000),
  });
  const body = await response.text();
  if (!response.ok) console.error(`publish-previews: HTTP ${response.status}: ${body}`);
  else console.info(`publish-previews: published ${body}`);
  return new Response(body, { status: response.ok ? 200 : 502 });
}

export const config = { schedule: '*/5 * * * *' };
