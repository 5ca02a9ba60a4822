import { defineMiddleware } from 'astro:middleware';
import { apiError } from '~/lib/http/json.ts';
import { refusal } from '~/lib/site.ts';

/*
 * Astro's own checkOrigin (off in astro.config.mjs) refuses every cross-site form POST, which
 * would also refuse RFC 8058 one-click unsubscribes: mail providers POST
 * `List-Unsubscribe=One-Click` without an Origin. This is the same check, with that one
 * token-authorized, idempotent address exempt, and a JSON error instead of plain text.
 *
 * Before it: a request for a host that is not this site's (Host or X-Forwarded-Host) is refused,
 * as scripts/serve.ts does for every file of the node build. Astro's `security.allowedDomains`
 * only decides whether X-Forwarded-Host is believed; it refuses nothing. On Netlify the edge routes
 * only the site's own domains here, so the check is the node server's.
 */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
const EXEMPT = new Set(['/api/newsletter/unsubscribe']);
const onNetlify = () =>
  'Netlify' in globalThis ||
  (typeof process !== 'undefined' && Boolean(process.env.NETLIFY || process.env.CONTEXT));

export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  if (!onNetlify()) {
    const { pathname, search } = new URL(context.request.url);
    const refused = refusal(pathname + search, {
      host: context.request.headers.get('host'),
      forwardedHost: context.request.headers.get('x-forwarded-host'),
    });
    if (refused) return apiError(refused.status, refused.code, refused.message);
  }
  if (SAFE_METHODS.includes(context.request.method)) return next();
  if (EXEMPT.has(context.url.pathname.replace(/\/$/, ''))) return next();
  const sameOrigin = context.request.headers.get('origin') === context.url.origin;
  const type = context.request.headers.get('content-type');
  const formLike = type !== null && FORM_TYPES.some((t) => type.toLowerCase().includes(t));
  if ((type === null || formLike) && !sameOrigin) {
    return apiError(
      403,
      'cross_site_forbidden',
      `Cross-site ${context.request.method} form submissions are forbidden.`,
    );
  }
  return next();
});
