/** Facts about the business that appear on several pages; one source for each. */
export const site = {
  name: 'Chosen Ones',
  email: 'hallo@chosenones.nl',
  phone: '+31 20 123 4567',
  phoneHref: 'tel:+31201234567',
  address: {
    street: 'Keizersgracht 123',
    postalCode: '1015 CJ',
    city: 'Amsterdam',
    country: 'NL',
  },
  social: [
    { id: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/chosenones' },
    { id: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/chosenones' },
    { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@chosenones' },
    { id: 'tiktok', label: 'TikTok', href: 'https://www.tiktok.com/@chosenones' },
    { id: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/chosenones' },
  ],
} as const;

type Env = Record<string, string | undefined>;
const runtimeEnv = (): Env => (typeof process === 'undefined' ? {} : process.env);
/** The `site` astro.config.mjs was built with (SITE_URL, else Netlify's URL, else localhost). */
const builtSite = (): string | undefined => import.meta.env?.SITE;

/**
 * The one origin every absolute URL the server writes (mail links, redirects, canonical links)
 * is built on: `SITE_URL`, else Netlify's `URL`, read when the server runs (so one build can be
 * served elsewhere, as the e2e server does), else the `site` of the build. Never the request's
 * Host or X-Forwarded-Host: those are whatever the client sent.
 */
export function siteOrigin(env: Env = runtimeEnv(), built: string | undefined = builtSite()): string {
  const configured = env['SITE_URL'] || env['URL'] || built || 'http://localhost:4321';
  return new URL(configured).origin;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/**
 * host:port pairs the site answers to: the configured origins (SITE_URL, Netlify's URL,
 * DEPLOY_URL and DEPLOY_PRIME_URL, the build's site). A loopback origin allows the other loopback
 * names on its port, so http://localhost:4321 and http://127.0.0.1:4321 are one local site.
 */
export function allowedHosts(env: Env = runtimeEnv(), built: string | undefined = builtSite()): Set<string> {
  const hosts = new Set<string>();
  const configured = [env['SITE_URL'], env['URL'], env['DEPLOY_URL'], env['DEPLOY_PRIME_URL'], built];
  for (const value of [...configured, siteOrigin(env, built)]) {
    if (!value || !URL.canParse(value)) continue;
    const url = new URL(value);
    const port = url.port || defaultPort(url.protocol);
    const names = LOOPBACK.includes(url.hostname) ? LOOPBACK : [url.hostname];
    for (const name of names) hosts.add(`${name}:${port}`);
  }
  return hosts;
}

/**
 * Whether a Host (or X-Forwarded-Host) header names this site. Anything that is not exactly a
 * host with an optional port (a path, credentials, several values) is not.
 */
export function isAllowedHost(header: string, allowed: Set<string> = allowedHosts()): boolean {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const name = match[1].toLowerCase().replace(/\.$/, '');
  if (match[2]) return allowed.has(`${name}:${match[2]}`);
  return allowed.has(`${name}:80`) || allowed.has(`${name}:443`);
}

/**
 * Why the server refuses a request before routing it, or null: a URL whose percent-encoding is
 * broken (anywhere, query included), or a Host / X-Forwarded-Host that is not this site's.
 */
export function refusal(
  rawUrl: string,
  headers: { host?: string | null; forwardedHost?: string | null },
  allowed: Set<string> = allowedHosts(),
): { status: 400; code: string; message: string } | null {
  try {
    decodeURI(rawUrl);
  } catch {
    return { status: 400, code: 'malformed_url', message: 'The address is not validly percent-encoded.' };
  }
  const hosts = [headers.host, headers.forwardedHost].filter((h): h is string => h != null);
  if (!headers.host || hosts.some((h) => !isAllowedHost(h, allowed))) {
    return { status: 400, code: 'unknown_host', message: 'This server does not serve that host.' };
  }
  return null;
}
