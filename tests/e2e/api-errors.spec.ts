import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

/**
 * Issue 13, class 6, on the built site: every endpoint file in src/pages/api answers wrong
 * methods, wrong content types and cross-site form posts with its JSON `{ error: { code,
 * message } }` 4xx (Astro itself would send an HTML 404 or a plain-text 403 from checkOrigin).
 */
const endpoints = (readdirSync(join(process.cwd(), 'src/pages/api'), { recursive: true }) as string[])
  .filter((f) => /\.(ts|js)$/.test(f) && !f.includes('.test.'))
  .map((f) => `/api/${f.replace(/\.(ts|js)$/, '')}`);

const cases: { label: string; method: string; headers?: Record<string, string>; data?: string }[] = [
  { label: 'GET', method: 'GET' },
  { label: 'PUT', method: 'PUT', headers: { 'content-type': 'application/json' }, data: '{}' },
  { label: 'DELETE', method: 'DELETE' },
  {
    label: 'cross-site form post',
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    data: 'a=1',
  },
  {
    label: 'form post without Origin',
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    data: '--x--',
  },
  { label: 'text/plain', method: 'POST', headers: { 'content-type': 'text/plain' }, data: 'hi' },
  {
    label: 'NUL in JSON',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    data: '{"email":"a\\u0000"}',
  },
  { label: 'malformed JSON', method: 'POST', headers: { 'content-type': 'application/json' }, data: '{"a":' },
];

test('discovers the endpoints (positive control)', () => {
  expect(endpoints).toEqual(expect.arrayContaining(['/api/contact', '/api/checkout']));
});

for (const endpoint of endpoints) {
  for (const c of cases) {
    test(`${endpoint} ${c.label}: JSON error 4xx`, async ({ request }) => {
      const res = await request.fetch(endpoint, {
        method: c.method,
        ...(c.headers ? { headers: c.headers } : {}),
        ...(c.data !== undefined ? { data: c.data } : {}),
      });
      expect(res.status()).toBeGreaterThanOrEqual(400);
      expect(res.status()).toBeLessThan(500);
      expect(res.headers()['content-type']).toContain('application/json');
      const body = await res.json();
      expect(typeof body.error?.code).toBe('string');
      expect(typeof body.error?.message).toBe('string');
    });
  }
}
