import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { embeddedChunkGraph, withPreloads } from '~/lib/build/module-preload.ts';
import { apiError } from '~/lib/http/json.ts';
import { inlineScriptHashes, securityHeaders } from '~/lib/security-headers.ts';
import { refusal, siteOrigin } from '~/lib/site.ts';
import { supabaseUrl } from '~/lib/supabase/env.ts';

/*
 * Astro's own checkOrigin (off in astro.config.mjs) refuses every cross-site form POST, which
 * would also refuse RFC 8058 one-click unsubscribes: mail providers POST
 * `List-Unsubscribe=One-Click` without an Origin. This is the same check, with the
 * token-authorized, idempotent addresses (newsletter, notification mail) exempt, and a JSON error
 * instead of plain text.
 *
 * Before it: a request for a host that is not this site's (Host or X-Forwarded-Host) is refused,
 * as scripts/serve.ts does for every file of the node build. Astro's `security.allowedDomains`
 * only decides whether X-Forwarded-Host is believed; it refuses nothing. On Netlify the edge routes
 * only the site's own domains here, so the check is the node server's.
 */
/** Referrer policies that send less than the site's `strict-origin-when-cross-origin`. */
const STRICTER_REFERRER = new Set(['no-referrer', 'same-origin', 'strict-origin']);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
const EXEMPT = new Set(['/api/newsletter/unsubscribe', '/api/notifications/unsubscribe']);
const onNetlify = () =>
  'Netlify' in globalThis ||
  (typeof process !== 'undefined' && Boolean(process.env.NETLIFY || process.env.CONTEXT));

function guard(context: APIContext, next: MiddlewareNext): Response | Promise<Response> {
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
}

/** The client's static import graph, embedded by the build (src/lib/build/chunk-graph.ts). */
const chunkGraph = embeddedChunkGraph();

/**
 * Every on-demand response carries the security headers of src/lib/security-headers.ts, as the
 * static pages do through `_headers`; an HTML page first gets the preload of what its module
 * scripts import (src/lib/build/module-preload.ts, as the static pages at build time), then its
 * CSP lists the hashes of its own inline scripts.
 */
async function withSecurityHeaders(answer: Response): Promise<Response> {
  const html = answer.headers.get('content-type')?.toLowerCase().includes('text/html') ?? false;
  let response = answer;
  let scriptHashes: string[] = [];
  if (html && answer.body) {
    const body = withPreloads(await answer.text(), chunkGraph);
    scriptHashes = inlineScriptHashes(body);
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    response = new Response(body, { status: answer.status, statusText: answer.statusText, headers });
  }
  const headers = securityHeaders({
    scriptHashes,
    supabaseUrl,
    shopifyDomain: typeof process === 'undefined' ? undefined : process.env.SHOPIFY_STORE_DOMAIN,
    production: siteOrigin().startsWith('https:'),
  });
  // A page may ask for a stricter Referrer-Policy than the site's (a link page whose address
  // carries a token: same-origin); every other header is the site's.
  const own = response.headers.get('referrer-policy')?.toLowerCase();
  if (own && STRICTER_REFERRER.has(own)) delete headers['Referrer-Policy'];
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (Response.redirect, a fetched response): the same response, new headers.
    const copy = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) copy.set(name, value);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: copy,
    });
  }
}

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  // `astro dev` injects its own scripts (Vite's client, the toolbar): the policy is for builds.
  if (import.meta.env.DEV) return guard(context, next);
  return withSecurityHeaders(await guard(context, next));
});
