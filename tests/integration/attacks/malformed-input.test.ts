import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { freshUser, url } from '../helpers.ts';
import { fuzzedInputs, routeSchemas, unboundedFields } from './endpoint-kit.ts';

/**
 * Class 6: raw input. A corpus of malformed bodies, paths and encodings is sent to every route
 * family of the gateway (auth routes read from auth.ts, storage and REST routes) and to every
 * endpoint file in src/pages/api. Each answer must be a 4xx in that service's error shape (or a
 * success), never a 5xx, and the stack must keep answering.
 */
const NUL = '\u0000';
const json = (text: string) => ({ type: 'application/json', body: text });
const BODIES: Record<string, { type: string; body: string | Uint8Array<ArrayBuffer> }> = {
  'NUL in every field': json(
    JSON.stringify({
      email: `a${NUL}@example.com`,
      password: `pass${NUL}word`,
      refresh_token: NUL,
      data: { k: NUL },
      prefix: NUL,
      prefixes: [NUL],
      firstName: NUL,
      message: NUL,
      lines: [{ variantId: NUL, quantity: 1 }],
    }),
  ),
  'lone surrogates': json(
    '{"email":"\\ud800@example.com","password":"\\udfffpassword","refresh_token":"\\ud800","data":{"\\ud800":1},"prefix":"\\ud800","prefixes":["\\udc00"],"firstName":"\\ud800","message":"\\ud800"}',
  ),
  'invalid UTF-8': {
    type: 'application/json',
    body: new Uint8Array([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  'truncated JSON': json('{"email":"a@example.com","password":'),
  'JSON nested 100000 deep': json(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
  'JSON array': json('[1,2,3]'),
  'JSON null': json('null'),
  'JSON number': json('42'),
  'overlong values': json(
    JSON.stringify({ email: `${'a'.repeat(5000)}@example.com`, password: 'p'.repeat(5000) }),
  ),
  'empty body': json(''),
  'form-encoded': { type: 'application/x-www-form-urlencoded', body: 'email=a%00b&password=x' },
  'plain text': { type: 'text/plain', body: 'hello' },
  'multipart without boundary': { type: 'multipart/form-data', body: 'garbage' },
  'broken multipart': {
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="f"',
  },
  'multipart without file': {
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--xyz--\r\n',
  },
};
const BAD_KEYS: Record<string, string> = {
  'malformed percent-encoding': '%E0%A4%A',
  'lone percent': 'a%',
  'encoded NUL': 'a%00b.png',
  'encoded lone surrogate': '%ED%A0%80.png',
  'non-ASCII': '%C3%A9t%C3%A9.png',
  'dot-dot': '%2e%2e/%2e%2e/etc/passwd',
  'segment longer than a file name': `${'a'.repeat(300)}.png`,
  'key longer than 1024 bytes': `${'b/'.repeat(600)}x.png`,
};

/** Auth routes as auth.ts dispatches them (`method === 'X' && path === '/y'`). */
function authRoutes(): { method: string; path: string }[] {
  const source = readFileSync(join(process.cwd(), 'supabase/local/auth.ts'), 'utf8');
  return [...source.matchAll(/method === '(\w+)' && path === '(\/[\w/-]*)'/g)].map((m) => ({
    method: m[1] as string,
    path: `/auth/v1${m[2]}${m[2] === '/token' ? '?grant_type=password' : ''}`,
  }));
}

let member: { id: string; token: string };
beforeAll(async () => {
  const user = await freshUser();
  const token = (await user.db.auth.getSession()).data.session?.access_token ?? '';
  member = { id: user.id, token };
});

type Probe = { method: string; path: string; family: 'auth' | 'storage' | 'rest' };
function gatewayRoutes(): Probe[] {
  const own = member.id;
  return [
    ...authRoutes().map((r) => ({ ...r, family: 'auth' as const })),
    { method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', family: 'auth' },
    { method: 'POST', path: `/storage/v1/object/post-images/${own}/probe.png`, family: 'storage' },
    { method: 'PUT', path: `/storage/v1/object/post-images/${own}/probe.png`, family: 'storage' },
    { method: 'POST', path: '/storage/v1/object/list/post-images', family: 'storage' },
    { method: 'POST', path: '/storage/v1/object/list-v2/post-images', family: 'storage' },
    { method: 'DELETE', path: '/storage/v1/object/post-images', family: 'storage' },
    { method: 'POST', path: `/storage/v1/object/sign/post-images/${own}/probe.png`, family: 'storage' },
    { method: 'POST', path: '/storage/v1/object/sign/post-images', family: 'storage' },
    {
      method: 'POST',
      path: `/storage/v1/object/upload/sign/post-images/${own}/probe.png`,
      family: 'storage',
    },
    { method: 'POST', path: '/rest/v1/posts', family: 'rest' },
    { method: 'PATCH', path: `/rest/v1/profiles?user_id=eq.${own}`, family: 'rest' },
    { method: 'POST', path: '/rest/v1/rpc/send_friend_request', family: 'rest' },
  ];
}

function hasShape(family: Probe['family'], body: Record<string, unknown>): boolean {
  if (typeof body['message'] === 'string' && Object.keys(body).length === 1) return true; // Kong
  if (family === 'auth') return typeof body['msg'] === 'string' && typeof body['error_code'] === 'string';
  if (family === 'storage')
    return typeof body['statusCode'] === 'string' && typeof body['message'] === 'string';
  return typeof body['message'] === 'string' && 'code' in body;
}

describe("the gateway answers malformed input with 4xx in each service's shape", () => {
  it('discovers the auth routes (positive control)', () => {
    expect(authRoutes().map((r) => r.path)).toEqual(
      expect.arrayContaining(['/auth/v1/signup', '/auth/v1/user', '/auth/v1/token?grant_type=password']),
    );
  });

  it('every route family x every malformed body', async () => {
    const failures: string[] = [];
    for (const route of gatewayRoutes()) {
      for (const [label, { type, body }] of Object.entries(BODIES)) {
        if (route.method === 'GET' || route.method === 'HEAD') continue;
        const res = await fetch(`${url()}${route.path}`, {
          method: route.method,
          headers: {
            apikey: inject('supabaseAnonKey'),
            authorization: `Bearer ${member.token}`,
            'content-type': type,
          },
          body,
        });
        const text = await res.text();
        if (res.status >= 500)
          failures.push(`${route.method} ${route.path} ${label}: ${res.status} ${text.slice(0, 120)}`);
        else if (res.status >= 400) {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text);
          } catch {}
          if (!hasShape(route.family, parsed))
            failures.push(`${route.method} ${route.path} ${label}: shape ${text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('every storage route x every malformed key, and clashing paths', async () => {
    const failures: string[] = [];
    const headers = { apikey: inject('supabaseAnonKey'), authorization: `Bearer ${member.token}` };
    for (const [label, key] of Object.entries(BAD_KEYS)) {
      const probes: [string, string][] = [
        ['POST', `/storage/v1/object/post-images/${member.id}/${key}`],
        ['PUT', `/storage/v1/object/post-images/${member.id}/${key}`],
        ['GET', `/storage/v1/object/post-images/${member.id}/${key}`],
        ['GET', `/storage/v1/object/public/post-images/${member.id}/${key}`],
        ['GET', `/storage/v1/object/authenticated/post-images/${member.id}/${key}`],
        ['GET', `/storage/v1/object/public/${key}/x.png`],
        ['POST', `/storage/v1/object/info/post-images/${member.id}/${key}`],
      ];
      for (const [method, path] of probes) {
        const res = await fetch(`${url()}${path}`, {
          method,
          headers: { ...headers, 'content-type': 'image/png' },
          ...(method === 'GET' ? {} : { body: new Uint8Array([137, 80, 78, 71]) }),
        });
        if (res.status >= 500)
          failures.push(`${method} ${label}: ${res.status} ${(await res.text()).slice(0, 100)}`);
      }
    }
    // "a" as a file and "a/b.png" below it: both are keys, as on S3.
    for (const key of [`${member.id}/clash`, `${member.id}/clash/b.png`, `${member.id}/clash/b.png/c.png`]) {
      const res = await fetch(`${url()}/storage/v1/object/post-images/${key}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'image/png' },
        body: new Uint8Array([137, 80, 78, 71]),
      });
      if (res.status !== 200)
        failures.push(`clash ${key}: ${res.status} ${(await res.text()).slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
    expect((await fetch(`${url()}/health`)).status).toBe(200);
  });
});

describe('the site endpoints (every file in src/pages/api) answer JSON errors', () => {
  const dir = join(process.cwd(), 'src/pages/api');
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter(
    (f) => /\.(ts|js)$/.test(f) && !f.includes('.test.'),
  );

  it('discovers the endpoints (positive control)', () => {
    expect(files).toEqual(expect.arrayContaining(['contact.ts', 'checkout.ts']));
  });

  it('every endpoint x every method and malformed body: a JSON { error: { code, message } } 4xx', async () => {
    const failures: string[] = [];
    for (const file of files) {
      const mod = (await import(join(dir, file))) as Record<string, unknown>;
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        // Astro's dispatch: the exported method, else ALL, else its HTML 404 (a failure here).
        const handler = (mod[method] ?? mod['ALL']) as
          | ((ctx: { request: Request }) => Promise<Response> | Response)
          | undefined;
        for (const [label, { type, body }] of Object.entries(BODIES)) {
          const name = `${method} /api/${file} ${label}`;
          if (!handler) {
            failures.push(`${name}: no handler (Astro would answer an HTML 404)`);
            break;
          }
          const request = new Request(`http://127.0.0.1/api/${file}`, {
            method,
            headers: { 'content-type': type, origin: 'http://127.0.0.1' },
            ...(method === 'GET' || method === 'OPTIONS' ? {} : { body }),
          });
          const res = await handler({ request, url: new URL(request.url) } as { request: Request });
          const problem = await notJsonError(res);
          if (problem) failures.push(`${name}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  // Issue 25, class 5: every number bounded, every string and list too, whatever the endpoint.
  type Route = (ctx: { request: Request; url: URL }) => Promise<Response> | Response;
  async function call(file: string, query: Record<string, unknown> | string, body?: unknown) {
    const mod = (await import(join(dir, file))) as Record<string, Route | undefined>;
    const method = mod['POST'] ? 'POST' : 'GET';
    const search =
      typeof query === 'string'
        ? query
        : new URLSearchParams(
            Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
          ).toString();
    const request = new Request(`http://127.0.0.1/api/${file.replace(/\.(ts|js)$/, '')}?${search}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: 'Bearer x', origin: 'http://127.0.0.1' },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const handler = (mod[method] ?? mod['ALL']) as Route;
    return { method, res: await handler({ request, url: new URL(request.url) }) };
  }

  it('finds the input schemas of every endpoint (positive control)', async () => {
    const found: Record<string, string[]> = {};
    for (const file of files) found[file] = [...(await routeSchemas(file)).keys()];
    expect(Object.entries(found).filter(([, names]) => names.length === 0)).toEqual([]);
    expect(found['timeline-alchemy/review.ts']).toContain('reviewBodySchema');
    expect(found['newsletter.ts']).toContain('signUpSchema');
  });

  it('every field of every endpoint schema is bounded (strings, lists, numbers within int4)', async () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const [name, schema] of await routeSchemas(file)) {
        for (const problem of unboundedFields(schema)) problems.push(`${file} ${name}${problem}`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('every endpoint x every field fuzzed (2^31, 2^40, -1, 1e308, NaN, 100 KB): a JSON 4xx', async () => {
    const failures: string[] = [];
    for (const file of files) {
      for (const [name, schema] of await routeSchemas(file)) {
        for (const { label, value } of fuzzedInputs(schema)) {
          const { method, res } = await call(file, value, value);
          const problem = await notJsonError(res);
          if (problem) failures.push(`${method} ${file} ${name} ${label}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('every endpoint x broken percent-encoding in each query parameter: JSON, never 5xx', async () => {
    const failures: string[] = [];
    for (const file of files) {
      const params = new Set(['token', 'q']);
      for (const schema of (await routeSchemas(file)).values()) {
        const shape = (schema as { shape?: Record<string, unknown> }).shape;
        for (const key of Object.keys(shape ?? {})) params.add(key);
      }
      for (const param of params) {
        for (const bad of ['%E0%A4%A', '%', '%ZZ', '%00']) {
          const { method, res } = await call(file, `lang=en&${param}=${bad}`);
          const text = await res.text();
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {}
          if (res.status >= 500 || json === null)
            failures.push(`${method} ${file} ?${param}=${bad}: ${res.status} ${text.slice(0, 80)}`);
          else if (res.status >= 400) {
            const problem = await notJsonError(new Response(text, { status: res.status }));
            if (problem) failures.push(`${method} ${file} ?${param}=${bad}: ${problem}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Null for a 4xx `{ error: { code, message } }`, else what is wrong with the answer. */
async function notJsonError(res: Response): Promise<string | null> {
  const parsed = await res.json().catch(() => null);
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (
    res.status < 400 ||
    res.status >= 500 ||
    typeof error?.code !== 'string' ||
    typeof error.message !== 'string'
  )
    return `${res.status} ${JSON.stringify(parsed)?.slice(0, 100)}`;
  return null;
}
