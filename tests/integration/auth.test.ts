import { describe, expect, it } from 'vitest';
import { toErrorCode } from '../../src/lib/supabase/errors.ts';
import {
  freshUser,
  mailedLink,
  newClient,
  openLink,
  PASSWORD,
  serviceClient,
  USERS,
  url,
} from './helpers.ts';

const uniqueEmail = () => `a-${crypto.randomUUID().slice(0, 12)}@example.com`;

describe('auth through supabase-js', () => {
  it('signs up without a session until the mailed link confirms (as in production), and creates the profile', async () => {
    const db = newClient();
    const email = uniqueEmail();
    const { data, error } = await db.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { display_name: 'Ada Lovelace' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const early = await db.auth.signInWithPassword({ email, password: 'secret123' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(await openLink(await mailedLink(email))).toContain('access_token=');
    expect((await db.auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
    const { data: profile } = await db
      .from('profiles')
      .select('display_name, role')
      .eq('user_id', data.user?.id ?? '')
      .single();
    expect(profile).toEqual({ display_name: 'Ada Lovelace', role: 'member' });
  });

  it('defaults the display name to the e-mail local part', async () => {
    const email = uniqueEmail();
    const { data } = await newClient().auth.signUp({ email, password: 'secret123' });
    const { data: profile } = await serviceClient()
      .from('profiles')
      .select('display_name')
      .eq('user_id', data.user?.id ?? '')
      .single();
    expect(profile?.display_name).toBe(email.split('@')[0]);
  });

  it('wrong password -> invalid_credentials', async () => {
    const { error } = await newClient().auth.signInWithPassword({
      email: USERS.memberA.email,
      password: 'not-it',
    });
    expect(error?.status).toBe(400);
    expect(toErrorCode(error)).toBe('invalid_credentials');
  });

  it('unknown e-mail -> invalid_credentials (no account enumeration)', async () => {
    const { error } = await newClient().auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD });
    expect(toErrorCode(error)).toBe('invalid_credentials');
  });

  it('password under 6 characters -> weak_password', async () => {
    const { error } = await newClient().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect(toErrorCode(error)).toBe('weak_password');
  });

  it('duplicate e-mail -> an obfuscated user, no session (signup.go sanitizeUser: no account oracle)', async () => {
    const { data, error } = await newClient().auth.signUp({
      email: USERS.memberB.email.toUpperCase(),
      password: 'secret123',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(USERS.memberB.id);
    expect(data.user?.email).toBe(USERS.memberB.email);
  });

  it('malformed e-mail -> invalid_email', async () => {
    const { error } = await newClient().auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(toErrorCode(error)).toBe('invalid_email');
  });

  it('refreshes a session and reads and updates the user', async () => {
    const { db } = await freshUser('Refresh Me');
    const first = (await db.auth.getSession()).data.session;
    const { data, error } = await db.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(first?.refresh_token);
    const { data: user } = await db.auth.getUser();
    expect(user.user?.user_metadata['display_name']).toBe('Refresh Me');
    const updated = await db.auth.updateUser({ data: { display_name: 'Renamed' } });
    expect(updated.data.user?.user_metadata['display_name']).toBe('Renamed');
    expect(toErrorCode((await db.auth.updateUser({ password: '123' })).error)).toBe('weak_password');
  });

  it('signs out: the old refresh token and session stop working', async () => {
    const { db, email } = await freshUser();
    const session = (await db.auth.getSession()).data.session;
    expect((await db.auth.signOut()).error).toBeNull();
    const again = newClient();
    const { error } = await again.auth.refreshSession({ refresh_token: session?.refresh_token ?? '' });
    // Reuse within GoTrue's 10 s interval is allowed only for tokens that were rotated, not revoked by logout.
    expect(error).not.toBeNull();
    expect(toErrorCode((await again.auth.getUser(session?.access_token)).error)).toBe('unauthorized');
    expect((await newClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('rejects a forged token at the REST API', async () => {
    const forged =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMTExMTExMS0xMTExLTQxMTEtODExMS0xMTExMTExMTExMTEiLCJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.c2lnbmF0dXJlLW5vdC12YWxpZA';
    const res = await fetch(`${url()}/rest/v1/profiles?select=id`, {
      headers: { apikey: forged, authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(401);
  });
});
