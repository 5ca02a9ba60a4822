import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

/**
 * Issue 25, classes 4 and 5, on the built node server (scripts/serve.ts in front of Astro): a
 * request naming another host (Host or X-Forwarded-Host) is refused before any page or endpoint
 * sees it, so no mail, redirect or link can be built on it; an address with broken
 * percent-encoding, in the path or in any query parameter, gets the JSON error shape (Astro's
 * standalone server answered plain text). Raw node:http, because fetch may not set Host.
 */
const port = Number(process.env.E2E_PORT ?? 4329);
const inbox = `http://127.0.0.1:${Number(process.env.E2E_BACKEND_PORT ?? 24521) + 3}`;

function raw(
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method,
      headers,
      setHost: !('host' in headers),
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
const errorCode = (text: string) => (JSON.parse(text) as { error: { code: string; message: string } }).error;

const endpoints = (readdirSync(join(process.cwd(), 'src/pages/api'), { recursive: true }) as string[])
  .filter((f) => /\.(ts|js)$/.test(f) && !f.includes('.test.'))
  .map((f) => `/api/${f.replace(/\.(ts|js)$/, '')}`);

const signUp = (email: string) =>
  JSON.stringify({
    email,
    firstName: 'Eve',
    lastName: 'Host',
    consent: true,
    language: 'en',
    source: 'footer',
    consentVersion: '2026-11',
  });

test.describe('the node server answers only for its own host', () => {
  for (const [label, headers] of [
    ['Host: evil.example', { host: 'evil.example' }],
    ['Host: evil.example:port', { host: `evil.example:${port}` }],
    ['X-Forwarded-Host: evil.example', { 'x-forwarded-host': 'evil.example' }],
  ] as const) {
    test(`a newsletter sign-up with ${label} is refused and mails nothing`, async () => {
      const email = `nl-evil-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
      const res = await raw('/api/newsletter', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', origin: 'http://evil.example' },
        body: signUp(email),
      });
      expect(res.status).toBe(400);
      expect(res.type).toContain('application/json');
      expect(errorCode(res.text).code).toBe('unknown_host');
      await new Promise((r) => setTimeout(r, 500));
      const mails = (await (
        await fetch(`${inbox}/api/messages?to=${encodeURIComponent(email)}`)
      ).json()) as [];
      expect(mails).toEqual([]);
    });

    test(`a page with ${label} is refused too`, async () => {
      const res = await raw('/en/', { headers });
      expect(res.status).toBe(400);
      expect(errorCode(res.text).code).toBe('unknown_host');
    });
  }

  test('its own host (both loopback names) is served', async () => {
    expect((await raw('/en/', {})).status).toBe(200);
    expect((await raw('/en/', { headers: { host: `localhost:${port}` } })).status).toBe(200);
  });
});

test.describe('broken percent-encoding gets the JSON error shape', () => {
  const BROKEN = ['%E0%A4%A', '%', '%ZZ'];
  for (const endpoint of [...endpoints, '/newsletter/unsubscribe', '/en/user']) {
    test(`${endpoint}: in the path and in every query parameter`, async () => {
      const failures: string[] = [];
      for (const bad of BROKEN) {
        for (const path of [
          `${endpoint}${bad}`,
          `${endpoint}/${bad}`,
          `${endpoint}?token=${bad}`,
          `${endpoint}?lang=en&ids=1&q=${bad}&handle=x`,
        ]) {
          for (const method of ['GET', 'POST']) {
            const res = await raw(path, {
              method,
              headers: { 'content-type': 'application/json' },
              ...(method === 'POST' ? { body: '{}' } : {}),
            });
            let code = '';
            try {
              code = errorCode(res.text).code;
            } catch {}
            if (res.status !== 400 || !res.type.includes('application/json') || code !== 'malformed_url')
              failures.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 60)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
