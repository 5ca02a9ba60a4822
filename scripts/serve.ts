/**
 * Serves the node build (`<dist>/server/entry.mjs`, default dist) on HOST:PORT, as `npm start` and
 * the e2e server do, with two checks in front of Astro's standalone handler: a request for a
 * host that is not this site's (Host or X-Forwarded-Host against SITE_URL and the build's site)
 * and an address with broken percent-encoding get a JSON 400 `{ error: { code, message } }`
 * (Astro's standalone server would answer the first as if it were the site, so Astro.url and
 * request.url would carry the forged host, and the second with plain text). Everything else goes
 * to Astro unchanged, static files included, except an old language-specific filter link on a
 * listing page, which gets a 308 to its language-neutral address. Every answer carries the security headers the build
 * wrote to `<dist>/client/_headers` (src/lib/build/security-headers.ts, the same file Netlify
 * applies); on-demand routes set their own in src/middleware.ts, which take precedence.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type FilterHandles, legacyFilterLocation } from '../src/features/shop/listing/legacy-filters.ts';
import { headersFor, parseHeadersFile } from '../src/lib/security-headers.ts';
import { refusal } from '../src/lib/site.ts';

type Handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;

const dist = process.argv[2] ?? 'dist';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = (await import(pathToFileURL(resolve(dist, 'server', 'entry.mjs')).href)) as {
  handler: Handler;
};

// A build without it would be served without its Content-Security-Policy: refuse to start.
const headerRules = parseHeadersFile(readFileSync(resolve(dist, 'client', '_headers'), 'utf8'));

// Old, language-specific filter links on the prerendered listing pages get a 308 to their
// language-neutral address before the static page (src/features/shop/listing/legacy-filters.ts).
const handlesFile = resolve(dist, 'client', 'shop-filter-handles.json');
const filterHandles: FilterHandles = existsSync(handlesFile)
  ? JSON.parse(readFileSync(handlesFile, 'utf8'))
  : {};

const server = createServer((req, res) => {
  const pathname = (req.url ?? '/').split(/[?#]/)[0] ?? '/';
  for (const [name, value] of Object.entries(headersFor(headerRules, pathname))) res.setHeader(name, value);
  const forwarded = req.headers['x-forwarded-host'];
  const refused = refusal(req.url ?? '/', {
    host: req.headers.host ?? null,
    forwardedHost: Array.isArray(forwarded) ? forwarded.join(', ') : (forwarded ?? null),
  });
  if (!refused) {
    const search = (req.url ?? '').slice(pathname.length).split('#')[0] ?? '';
    const moved =
      req.method === 'GET' || req.method === 'HEAD'
        ? legacyFilterLocation(pathname, search, filterHandles)
        : null;
    if (!moved) return handler(req, res);
    res.writeHead(308, { location: moved, 'cache-control': 'public, max-age=3600' });
    return res.end();
  }
  const body = JSON.stringify({ error: { code: refused.code, message: refused.message } });
  res.writeHead(refused.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
server.listen(port, host, () => console.info(`Serving ${dist} on http://${host}:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
