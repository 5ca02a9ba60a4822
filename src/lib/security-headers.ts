import { createHash } from 'node:crypto';
import { isLoopbackStore } from './storefront/loopback.ts';

/*
 * The one source of the security headers every response carries: static pages (the build writes
 * them to `_headers`, src/lib/build/security-headers.ts; scripts/serve.ts reads that file for the
 * node build), on-demand routes (src/middleware.ts) and the node server alike.
 *
 * Scripts run only from this origin or when their exact text is hashed into `script-src`: no
 * 'unsafe-inline', no 'unsafe-eval', no inline event handlers. Styles may be inline (each page's
 * critical CSS is, and scripts set style attributes), which the Mozilla Observatory accepts.
 */

export type PolicyOptions = {
  /** `sha256-…` hashes of the inline scripts the responses may run (see inlineScriptHashes). */
  scriptHashes?: Iterable<string>;
  /** The Supabase project the browser talks to (REST, auth, storage images, realtime). */
  supabaseUrl?: string | undefined;
  /** SHOPIFY_STORE_DOMAIN, when a store is configured; a loopback (local) store adds nothing. */
  shopifyDomain?: string | undefined;
  /** An https site: adds `upgrade-insecure-requests` (never on http://127.0.0.1). */
  production: boolean;
};

/** Where Shopify serves storefront pictures. */
const SHOPIFY_CDN = 'https://cdn.shopify.com';

function origin(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  try {
    return new URL(url.trim()).origin;
  } catch {
    return undefined;
  }
}

function shopOrigin(domain: string | undefined): string | undefined {
  const value = domain?.trim();
  if (!value || isLoopbackStore(value)) return undefined;
  return origin(/^https?:\/\//.test(value) ? value : `https://${value}`);
}

/** The Content-Security-Policy header's value. */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const supabase = origin(options.supabaseUrl);
  const realtime = supabase?.replace(/^http/, 'ws');
  const hashes = [...new Set(options.scriptHashes ?? [])].sort().map((hash) => `'${hash}'`);
  const directives: [string, (string | undefined)[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', SHOPIFY_CDN, supabase]],
    ['connect-src', ["'self'", supabase, realtime, shopOrigin(options.shopifyDomain)]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  if (options.production) directives.push(['upgrade-insecure-requests', []]);
  return directives
    .map(([name, values]) => [name, ...values.filter((v) => v !== undefined)].join(' '))
    .join('; ');
}

/** Every security header, the CSP included, by name. */
export function securityHeaders(options: PolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    // Browsers ignore it over http, so the local node build may send it as production does.
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

const SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** Types a browser executes (HTML's JavaScript MIME types and module); others are data. */
const EXECUTED =
  /^(?:module|(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/(?:jscript|livescript))$/;

/** The CSP source for one inline script's text (as the browser hashes it: newlines normalized). */
export function scriptHash(code: string): string {
  const text = code.replace(/\r\n?/g, '\n');
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/**
 * The hashes of the inline scripts in `html` that a browser executes: classic and module scripts
 * without `src`. JSON and JSON-LD blocks are data and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', code = ''] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue;
    const type = attributes.match(TYPE);
    const value = (type ? (type[1] ?? type[2] ?? type[3] ?? '') : '').trim().toLowerCase();
    if (value === '' || EXECUTED.test(value)) hashes.add(scriptHash(code));
  }
  return [...hashes];
}

/** How many inline event handler attributes (`onload="…"`) `html` has: the CSP blocks them. */
export function inlineHandlerCount(html: string): number {
  return html.match(/<[a-z][^>]*?\son[a-z]+\s*=/gi)?.length ?? 0;
}

export type HeaderRule = { path: string; headers: Record<string, string> };

/** Netlify's `_headers` file: a path (`/*` for all), then its headers indented below it. */
export function headersFile(rules: readonly HeaderRule[]): string {
  return rules
    .map(({ path, headers }) =>
      [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}

/** Reads a `_headers` file back (comments and blank lines skipped). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const current = rules.at(-1);
    if (/^\s/.test(line) && current) {
      const at = line.indexOf(':');
      if (at > 0) current.headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    } else {
      rules.push({ path: line.trim(), headers: {} });
    }
  }
  return rules;
}

/** The headers `_headers` rules give `pathname` (`/*` and `/prefix/*` splats, exact paths). */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { path, headers } of rules) {
    const matches = path.endsWith('/*')
      ? pathname.startsWith(path.slice(0, -1)) || pathname === path.slice(0, -2)
      : pathname === path || pathname === `${path.replace(/\/$/, '')}/`;
    if (matches) Object.assign(result, headers);
  }
  return result;
}
