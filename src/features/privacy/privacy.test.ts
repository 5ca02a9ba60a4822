import { describe, expect, it } from 'vitest';
import { confirms, handleDelete } from './delete-handler.ts';
import { handleExport } from './export-handler.ts';
import { downloadName } from './privacy-data.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';

/** The endpoints' own checks, before any database is asked (a fake fetch records what would be). */
function fakeBackend(answers: Record<string, Response> = {}) {
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    return answers[path]?.clone() ?? new Response('{}', { status: 500 });
  }) as typeof fetch;
  return { calls, deps: { url: 'http://db.test', anonKey: 'anon', fetchImpl } };
}

const del = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://site.test/api/account/delete', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('confirms', () => {
  it('accepts the account address whatever its case and surrounding spaces, nothing else', () => {
    expect(confirms(' Emma@Example.com ', 'emma@example.com')).toBe(true);
    expect(confirms('emma@example.co', 'emma@example.com')).toBe(false);
    expect(confirms('', '')).toBe(false);
  });
});

describe('handleDelete', () => {
  it('answers 401 without a token and asks nothing', async () => {
    const { calls, deps } = fakeBackend();
    const res = await handleDelete(del('{"confirmation":"a@b.c"}'), deps);
    expect(res.status).toBe(401);
    expect(calls).toEqual([]);
  });

  it('answers bad bodies with 4xx JSON before touching the database', async () => {
    const { calls, deps } = fakeBackend();
    const auth = { authorization: `Bearer ${JWT}` };
    for (const [body, status] of [
      ['not json', 400],
      ['{}', 422],
      ['{"confirmation":""}', 422],
      [JSON.stringify({ confirmation: 'x'.repeat(300) }), 422],
    ] as const) {
      const res = await handleDelete(del(body, auth), deps);
      expect(res.status, body).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBeTypeOf('string');
    }
    expect(calls).toEqual([]);
  });

  it('deletes nothing when the typed address is not the account address', async () => {
    const { calls, deps } = fakeBackend({ '/auth/v1/user': Response.json({ email: 'emma@example.com' }) });
    const res = await handleDelete(
      del('{"confirmation":"noah@example.com"}', { authorization: `Bearer ${JWT}` }),
      deps,
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'confirmation_mismatch' } });
    expect(calls).toEqual(['GET /auth/v1/user']);
  });

  it('removes the files before the account, and stops when they cannot be removed', async () => {
    const { calls, deps } = fakeBackend({
      '/auth/v1/user': Response.json({ email: 'emma@example.com' }),
      '/rest/v1/rpc/my_account_deletion_blocker': Response.json(null),
      '/rest/v1/rpc/my_files': Response.json([{ bucket: 'user-avatars', name: 'u/avatar.png' }]),
      '/storage/v1/object/user-avatars': new Response('{}', { status: 403 }),
    });
    const res = await handleDelete(
      del('{"confirmation":"emma@example.com"}', { authorization: `Bearer ${JWT}` }),
      deps,
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: 'files_not_deleted' } });
    expect(calls).toEqual([
      'GET /auth/v1/user',
      'POST /rest/v1/rpc/my_account_deletion_blocker',
      'POST /rest/v1/rpc/my_files',
      'DELETE /storage/v1/object/user-avatars',
    ]);
  });

  it('refuses the only admin with 409 before a single file is removed', async () => {
    const { calls, deps } = fakeBackend({
      '/auth/v1/user': Response.json({ email: 'admin@example.com' }),
      '/rest/v1/rpc/my_account_deletion_blocker': Response.json('privacy_last_admin'),
      '/rest/v1/rpc/my_files': Response.json([{ bucket: 'user-avatars', name: 'a/avatar.png' }]),
    });
    const res = await handleDelete(
      del('{"confirmation":"admin@example.com"}', { authorization: `Bearer ${JWT}` }),
      deps,
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'last_admin' } });
    expect(calls).toEqual(['GET /auth/v1/user', 'POST /rest/v1/rpc/my_account_deletion_blocker']);
  });
});

describe('handleExport', () => {
  it('answers 401 without a token, and 503 when the database cannot be reached', async () => {
    const { deps } = fakeBackend();
    const req = (headers: Record<string, string> = {}) =>
      new Request('http://site.test/api/account/export', { method: 'POST', headers });
    expect((await handleExport(req(), deps)).status).toBe(401);
    const down = {
      ...deps,
      fetchImpl: (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
    };
    const res = await handleExport(req({ authorization: `Bearer ${JWT}` }), down);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 'backend_unreachable' } });
  });
});

describe('downloadName', () => {
  it("takes the server's file name, else a plain one", () => {
    expect(downloadName('attachment; filename="my-data-2026-11-24.zip"')).toBe('my-data-2026-11-24.zip');
    expect(downloadName(null)).toBe('my-data.zip');
  });
});

describe('bearer', () => {
  it('takes a JWT-shaped token only, so junk never reaches the database', async () => {
    const { calls, deps } = fakeBackend();
    const req = (authorization: string) =>
      new Request('http://site.test/api/account/export', { method: 'POST', headers: { authorization } });
    for (const junk of ['Bearer x', 'Bearer a.b', `Bearer ${'a'.repeat(9000)}.b.c`, 'Basic a.b.c']) {
      expect((await handleExport(req(junk), deps)).status, junk).toBe(401);
    }
    expect(calls).toEqual([]);
    await handleExport(req(`Bearer ${JWT}`), deps);
    expect(calls).toEqual(['POST /rest/v1/rpc/export_my_data']);
  });
});
