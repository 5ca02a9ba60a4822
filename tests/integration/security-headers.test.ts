import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { headersFor, inlineScriptHashes, parseHeadersFile } from '../../src/lib/security-headers.ts';
import { nodeBuild } from './helpers-build.ts';

/*
 * Issue 25, class 7: the browser enforces the rest. The node build, served as `npm start` and the
 * e2e run serve it (scripts/serve.ts), must answer static pages and on-demand routes with the
 * headers the Mozilla HTTP Observatory scores A+: checked here against its rules, on the node
 * build the integration tests share (tests/integration/helpers-build.ts).
 */
const root = join(import.meta.dirname, '..', '..');
let dist: string;
let server: ChildProcess | undefined;
let origin: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name.toLowerCase(), values]),
  );
}

const LOOPBACK = /^(?:https?|wss?):\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?$/;
/** Sources that let anything in (a wildcard or a whole scheme) or travel in clear text. */
const unsafeSource = (source: string) =>
  source === '*' ||
  /^(?:https?|wss?|data|blob|filesystem):?$/.test(source) ||
  (/^(?:http|ws):\/\//.test(source) && !LOOPBACK.test(source));

/**
 * The Mozilla HTTP Observatory's header rules an A+ needs (the local Supabase origin over http on
 * 127.0.0.1 is the one insecure source allowed: a production build has an https one).
 */
function observatoryFailures(headers: Headers): string[] {
  const failures: string[] = [];
  const policy = headers.get('content-security-policy');
  if (!policy) failures.push('no Content-Security-Policy header');
  const csp = directives(policy ?? '');
  const defaults = csp.get('default-src');
  const scripts = csp.get('script-src') ?? defaults;
  if (!defaults && !csp.get('script-src'))
    failures.push('neither default-src nor script-src restricts scripts');
  if (defaults && (defaults.includes("'unsafe-inline'") || defaults.some(unsafeSource))) {
    failures.push(`default-src is not restrictive: ${defaults.join(' ')}`);
  }
  for (const keyword of ["'unsafe-inline'", "'unsafe-eval'"]) {
    if (scripts?.includes(keyword)) failures.push(`script-src allows ${keyword}`);
  }
  if (scripts?.some(unsafeSource))
    failures.push(`script-src allows any host or scheme: ${scripts.join(' ')}`);
  const objects = csp.get('object-src') ?? defaults;
  if (!objects || objects.some(unsafeSource)) failures.push('object-src is not restricted');
  for (const [name, values] of csp) {
    for (const value of values) {
      if (/^(?:http|ws):\/\//.test(value) && !LOOPBACK.test(value))
        failures.push(`${name} allows ${value} over http`);
    }
  }
  if (csp.get('frame-ancestors')?.join(' ') !== "'none'") failures.push("frame-ancestors is not 'none'");
  const maxAge = Number(headers.get('strict-transport-security')?.match(/max-age=(\d+)/i)?.[1] ?? 0);
  if (maxAge < 15_768_000) failures.push('Strict-Transport-Security shorter than six months');
  if (headers.get('x-content-type-options')?.toLowerCase() !== 'nosniff')
    failures.push('no X-Content-Type-Options: nosniff');
  const referrer = headers.get('referrer-policy')?.toLowerCase() ?? '';
  if (
    !['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer)
  ) {
    failures.push(`Referrer-Policy leaks: ${referrer || 'none'}`);
  }
  if (!['deny', 'sameorigin'].includes(headers.get('x-frame-options')?.toLowerCase() ?? '')) {
    failures.push('no X-Frame-Options');
  }
  return failures;
}

/** The inline scripts of an HTML answer that its own policy would block. */
function unhashedScripts(html: string, headers: Headers): string[] {
  const allowed = directives(headers.get('content-security-policy') ?? '').get('script-src') ?? [];
  return inlineScriptHashes(html).filter((hash) => !allowed.includes(`'${hash}'`));
}

beforeAll(async () => {
  dist = (await nodeBuild(inject('supabaseUrl'))).dir;
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(root, 'scripts', 'serve.ts'), dist], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SITE_URL: origin },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (
    (await fetch(`${origin}/`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline) throw new Error(`scripts/serve.ts did not answer on ${origin}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 600_000);

afterAll(() => {
  server?.kill('SIGTERM');
});

describe('the node build answers with the headers of an A+ on the Mozilla Observatory', () => {
  it.each([
    ['the home page', '/'],
    ['a product listing', '/en/shop'],
    ['a signed-in app shell (lazy stylesheet)', '/de/community'],
    ['a static file', '/favicon.svg'],
  ])('static: %s', async (_, path) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(200);
    expect(observatoryFailures(response.headers)).toEqual([]);
    // Exactly what the build wrote for Netlify: one policy for both.
    const rules = parseHeadersFile(readFileSync(join(dist, 'client', '_headers'), 'utf8'));
    for (const [name, value] of Object.entries(headersFor(rules, path))) {
      expect(response.headers.get(name), name).toBe(value);
    }
    if (response.headers.get('content-type')?.includes('text/html')) {
      expect(unhashedScripts(await response.text(), response.headers)).toEqual([]);
    }
  });

  it.each([
    ['a member profile', '/en/user/00000000-0000-4000-8000-000000000000'],
    ['the search page', '/search?q=tas'],
    ['an address that does not exist', '/nope-not-here'],
  ])('on demand: %s', async (_, path) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(observatoryFailures(response.headers)).toEqual([]);
    const html = await response.text();
    expect(unhashedScripts(html, response.headers)).toEqual([]);
    // src/middleware.ts lists this answer's own inline scripts: not the static pages' set.
    const hashes = directives(response.headers.get('content-security-policy') ?? '')
      .get('script-src')
      ?.filter((source) => source.startsWith("'sha256-"));
    expect(hashes?.sort()).toEqual(
      inlineScriptHashes(html)
        .map((hash) => `'${hash}'`)
        .sort(),
    );
  });

  it('on demand: a page may keep a stricter Referrer-Policy (the newsletter links carry a token)', async () => {
    for (const path of ['/newsletter/confirm?token=not-a-token', '/de/newsletter/unsubscribe?token=x']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(observatoryFailures(response.headers), path).toEqual([]);
    }
    // Everything else keeps the site's.
    const search = await fetch(`${origin}/search?q=tas`);
    expect(search.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('on demand: a JSON error of an API route', async () => {
    const response = await fetch(`${origin}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: '{"broken',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(observatoryFailures(response.headers)).toEqual([]);
  });
});
