/**
 * `npm run bench:lighthouse -- --signed-in --chain`: what a signed-in page's first content waits
 * for, from one Lighthouse run's report: every request in start order (when it was sent and when its
 * answer was in, from the first request, as Lighthouse observed them), the page's user timings
 * (`first-content`), and the scripts' main-thread time (bootup-time). With `--throttling devtools`
 * the times are those of the throttled phone (CPU x4, slow 4G); with `simulate` they are observed
 * unthrottled, but the order and what waits for what are the same.
 */
type Item = Record<string, unknown>;
type Report = { audits: Record<string, unknown> };

const items = (lhr: Report, id: string): Item[] =>
  (lhr.audits[id] as { details?: { items?: Item[] } } | undefined)?.details?.items ?? [];
const ms = (value: unknown) => `${Math.round(Number(value))}`.padStart(6);

/** A request's address without the origin and with long queries cut, so a line stays readable. */
function short(url: string, origin: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  const where = u.origin === origin ? '' : `${u.port ? `:${u.port}` : u.host}`;
  const text = `${where}${u.pathname}${decodeURIComponent(u.search)}`;
  return text.length > 110 ? `${text.slice(0, 107)}...` : text;
}

/** The chain of one run, as lines to print. */
export function chainLines(lhr: Report, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const requests = items(lhr, 'network-requests')
    .filter((r) => typeof r['url'] === 'string' && String(r['url']).startsWith('http'))
    .sort((a, b) => Number(a['networkRequestTime']) - Number(b['networkRequestTime']));
  const lines = [`chain of ${pageUrl} (ms from the first request; sent -> answered, type, method)`];
  for (const r of requests)
    lines.push(
      `  ${ms(r['networkRequestTime'])} -> ${ms(r['networkEndTime'])}  ${String(r['resourceType'] ?? '').padEnd(10)} ${short(String(r['url']), origin)}`,
    );
  for (const mark of items(lhr, 'user-timings'))
    lines.push(`  mark ${String(mark['name'])} at ${ms(mark['startTime'])} ms from navigation`);
  lines.push('  main-thread time per script (bootup-time: total / script evaluation / parse+compile, ms):');
  for (const s of items(lhr, 'bootup-time').slice(0, 8))
    lines.push(
      `    ${ms(s['total'])} / ${ms(s['scripting'])} / ${ms(s['scriptParseCompile'])}  ${short(String(s['url']), origin)}`,
    );
  return lines;
}
