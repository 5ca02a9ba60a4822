import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndedReason, noteAuthEnd, takeAuthEnded } from './auth-ended.ts';

const store = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => store.set(k, v),
  removeItem: (k: string) => store.delete(k),
});

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base = 'http://127.0.0.1:54321/auth/v1';

describe('noteAuthEnd', () => {
  beforeEach(() => store.clear());

  it('remembers a refresh refused because the member is suspended, once, and ends the session', async () => {
    const ended = vi.fn();
    const res = await noteAuthEnd(
      answer(400, { error_code: 'user_banned', msg: 'Invalid Refresh Token: User Banned' }),
      ended,
    )(`${base}/token?grant_type=refresh_token`);
    // The caller (auth-js) still reads the whole answer.
    expect(await res.json()).toMatchObject({ error_code: 'user_banned' });
    expect(authEndedReason()).toBe('user_banned');
    expect(takeAuthEnded()).toBe('user_banned');
    expect(takeAuthEnded()).toBeNull();
    await vi.waitFor(() => expect(ended).toHaveBeenCalledOnce());
  });

  it('remembers GET /user refused with user_banned (a token issued before the ban)', async () => {
    await noteAuthEnd(answer(403, { code: 403, error_code: 'user_banned', msg: 'User is banned' }))(
      `${base}/user`,
    );
    expect(takeAuthEnded()).toBe('user_banned');
  });

  it('ignores other failures and the password sign-in (its form shows its own error)', async () => {
    await noteAuthEnd(answer(400, { error_code: 'refresh_token_not_found' }))(
      `${base}/token?grant_type=refresh_token`,
    );
    await noteAuthEnd(answer(400, { error_code: 'user_banned' }))(`${base}/token?grant_type=password`);
    await noteAuthEnd(answer(200, { error_code: 'user_banned' }))(`${base}/user`);
    expect(takeAuthEnded()).toBeNull();
  });
});
