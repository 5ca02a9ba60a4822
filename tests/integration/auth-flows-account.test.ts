import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  closeDb,
  codeOf,
  countMails,
  gotrue,
  newEmail,
  nthMail,
  RECOVERY_SUBJECT,
  sql,
  tokenHash,
  verifyLinkOf,
} from './auth-flows-kit.ts';
import { freshUser, newClient, PASSWORD, serviceClient, url } from './helpers.ts';

/**
 * Account flows of GoTrue through unmodified supabase-js: reauthentication nonce, e-mail change
 * by code, sign-out of other sessions, admin ban and delete, and the answers that must not tell
 * whether an address has an account. Cited lines: github.com/supabase/auth @ bc32168e.
 */
afterAll(closeDb);

const NEW_PASSWORD = 'another-secret-42';
/** user.go:157: a session older than 24 h needs the nonce (secure_password_change). */
const ageSessions = (id: string) =>
  sql(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [id]);

describe('password change with the reauthentication nonce', () => {
  it('an old session needs reauthenticate(); the mailed nonce works once', async () => {
    const { id, email, db } = await freshUser();
    await ageSessions(id);
    const without = await db.auth.updateUser({ password: NEW_PASSWORD });
    // user.go:159
    expect(without.error?.status).toBe(400);
    expect(without.error?.code).toBe('reauthentication_needed');
    expect(without.error?.message).toBe('Password update requires reauthentication');

    expect((await db.auth.reauthenticate()).error).toBeNull();
    const mail = await nthMail(email, 'is je verificatiecode');
    const nonce = codeOf(mail);
    expect(mail.subject).toBe(`${nonce} is je verificatiecode`);
    const wrong = await db.auth.updateUser({
      password: NEW_PASSWORD,
      nonce: nonce === '000000' ? '1' : '000000',
    });
    // reauthenticate.go:93
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    expect(wrong.error?.message).toBe('Nonce has expired or is invalid');
    expect((await db.auth.updateUser({ password: NEW_PASSWORD, nonce })).error).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
    await ageSessions(id);
    const reused = await db.auth.updateUser({ password: `${NEW_PASSWORD}!`, nonce });
    expect(reused.error?.code).toBe('reauthentication_not_valid');
  });

  it('the same password again is refused (user.go:197)', async () => {
    const { db } = await freshUser();
    const same = await db.auth.updateUser({ password: PASSWORD });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.message).toBe('New password should be different from the old password.');
  });

  it('a new password ends every other session (User.UpdatePassword)', async () => {
    const { email, db } = await freshUser();
    const other = newClient();
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await db.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect((await other.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
    expect((await db.auth.getUser()).error).toBeNull();
  });
});

describe('e-mail change by code (secure e-mail change)', () => {
  it('updateUser({ email }) mails a code to both addresses; both codes move the address', async () => {
    const { id, email, db } = await freshUser();
    const next = newEmail();
    expect((await db.auth.updateUser({ email: next })).error).toBeNull();
    const toNew = codeOf(await nthMail(next, 'Bevestig de wijziging van je e-mailadres'));
    const toOld = codeOf(await nthMail(email, 'Bevestig de wijziging van je e-mailadres'));
    const half = await newClient().auth.verifyOtp({ email: next, token: toNew, type: 'email_change' });
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    expect((await sql('select email from auth.users where id = $1', [id]))[0]?.['email']).toBe(email);
    const done = await newClient().auth.verifyOtp({ email, token: toOld, type: 'email_change' });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(next);
  });

  it('the first link answers "accepted" (verifyGet prepRedirectURL); a second change within max_frequency gets 429; resend mails new codes', async () => {
    const { id, email, db } = await freshUser();
    const next = newEmail();
    expect((await db.auth.updateUser({ email: next })).error).toBeNull();
    const link = verifyLinkOf(
      await nthMail(next, 'Bevestig de wijziging van je e-mailadres'),
      'email_change',
    );
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location') ?? '').hash).toBe(
      '#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=',
    );
    // mail.go sendEmailChange: validateSentWithinFrequencyLimit(EmailChangeSentAt)
    const tooSoon = await db.auth.updateUser({ email: newEmail() });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    await sql(`update auth.users set email_change_sent_at = now() - interval '61 seconds' where id = $1`, [
      id,
    ]);
    expect((await newClient().auth.resend({ type: 'email_change', email })).error).toBeNull();
    const toNew = codeOf(await nthMail(next, 'Bevestig de wijziging van je e-mailadres', 2));
    const toOld = codeOf(await nthMail(email, 'Bevestig de wijziging van je e-mailadres', 2));
    await newClient().auth.verifyOtp({ email: next, token: toNew, type: 'email_change' });
    const done = await newClient().auth.verifyOtp({ email, token: toOld, type: 'email_change' });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(next);
  });

  it('updateUser({ email }) to a taken address: 422 email_exists, as GoTrue (user.go:134-139)', async () => {
    const { db, email } = await freshUser();
    const { email: taken } = await freshUser();
    const res = await db.auth.updateUser({ email: taken.toUpperCase() });
    expect(res.error?.status).toBe(422);
    expect(res.error?.code).toBe('email_exists');
    expect(res.error?.message).toBe('A user with this email address has already been registered');
    // The raw answer (apierrors.HTTPError without an API version header), and nothing stored or mailed.
    const token = (await db.auth.getSession()).data.session?.access_token ?? '';
    const raw = await fetch(`${url()}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: inject('supabaseAnonKey'),
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: taken }),
    });
    expect(raw.status).toBe(422);
    expect(await raw.json()).toEqual({
      code: 422,
      error_code: 'email_exists',
      msg: 'A user with this email address has already been registered',
    });
    const [row] = await sql<{ email_change: string | null }>(
      'select email_change from auth.users where email = $1',
      [email],
    );
    expect(row?.email_change ?? '').toBe('');
  });
});

describe('admin generate_link for an e-mail change (mail.go adminGenerateLink)', () => {
  const generate = (body: unknown, key = inject('supabaseServiceKey')) =>
    gotrue('/admin/generate_link', body, { key });

  it('stores the pending address and both hashed tokens, mails nothing; the action links complete the change', async () => {
    const { id, email } = await freshUser();
    const next = newEmail();
    const current = await generate({ type: 'email_change_current', email, new_email: next });
    const fresh = await generate({ type: 'email_change_new', email, new_email: next });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({
      id,
      email,
      new_email: next,
      verification_type: 'email_change_current',
    });
    const otp = String(fresh.body?.['email_otp']);
    // As in GoTrue, hashed_token is sha224(email + otp) of the current address for both types.
    expect(fresh.body?.['hashed_token']).toBe(tokenHash(email, otp));
    const [row] = await sql<{ email_change_token_new: string }>(
      'select email_change_token_new from auth.users where id = $1',
      [id],
    );
    expect(row?.email_change_token_new).toBe(tokenHash(next, otp));
    await new Promise((r) => setTimeout(r, 300));
    expect(await countMails(next)).toBe(0);
    for (const body of [current.body, fresh.body])
      await fetch(String(body?.['action_link']), { redirect: 'manual' });
    const [moved] = await sql<{ email: string }>('select email from auth.users where id = $1', [id]);
    expect(moved?.email).toBe(next);
  });

  it("GoTrue's refusals: 422 email_exists, 404 user_not_found, 403 for a member's token", async () => {
    const { email, db } = await freshUser();
    const { email: taken } = await freshUser();
    expect(await generate({ type: 'email_change_new', email, new_email: taken })).toEqual({
      status: 422,
      body: {
        code: 422,
        error_code: 'email_exists',
        msg: 'A user with this email address has already been registered',
      },
    });
    expect(
      await generate({ type: 'email_change_current', email: newEmail(), new_email: newEmail() }),
    ).toEqual({
      status: 404,
      body: { code: 404, error_code: 'user_not_found', msg: 'User with this email not found' },
    });
    const jwt = (await db.auth.getSession()).data.session?.access_token ?? '';
    const res = await fetch(`${url()}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: {
        apikey: inject('supabaseAnonKey'),
        authorization: `Bearer ${jwt}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ type: 'email_change_new', email, new_email: newEmail() }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error_code: 'not_admin' });
  });
});

describe('signOut scopes', () => {
  it("scope 'others' keeps the caller's session; the other's refresh token stops working", async () => {
    const { email, db } = await freshUser();
    const other = newClient();
    expect((await other.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await db.auth.signOut({ scope: 'others' })).error).toBeNull();
    const refresh = await other.auth.refreshSession();
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    expect((await db.auth.refreshSession()).error).toBeNull();
  });
});

describe('admin: ban and delete with the service key', () => {
  it("ban_duration '24h' keeps a member out (sign-in and refresh); 'none' lets them back", async () => {
    const { id, email, db } = await freshUser();
    const admin = serviceClient().auth.admin;
    const banned = await admin.updateUserById(id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    expect(banned.data.user?.banned_until).toBeTruthy();
    const signIn = await newClient().auth.signInWithPassword({ email, password: PASSWORD });
    // token.go:121
    expect(signIn.error?.status).toBe(400);
    expect(signIn.error?.code).toBe('user_banned');
    expect(signIn.error?.message).toBe('User is banned');
    expect((await db.auth.refreshSession()).error?.code).toBe('user_banned');
    expect((await admin.updateUserById(id, { ban_duration: 'none' })).error).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const bad = await admin.updateUserById(id, { ban_duration: 'forever' });
    // admin.go:227
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
  });

  it('only the service role may use /admin/users (auth.go requireAdmin)', async () => {
    const { id } = await freshUser();
    const res = await gotrue(`/admin/users/${id}`, { ban_duration: '24h' }, { method: 'PUT' });
    expect(res.status).toBe(403);
    expect(res.body?.['error_code']).toBe('not_admin');
    expect(
      (await sql('select banned_until from auth.users where id = $1', [id]))[0]?.['banned_until'],
    ).toBeNull();
  });

  it('deleteUser removes the account; getUserById then answers 404 user_not_found (admin.go:66)', async () => {
    const { id, email } = await freshUser();
    const admin = serviceClient().auth.admin;
    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    expect((await newClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
  });
});

describe('no account-existence oracle', () => {
  it.each([
    ['/recover', (email: string) => ({ email })],
    ['/resend', (email: string) => ({ type: 'signup', email })],
    ['/resend', (email: string) => ({ type: 'email_change', email })],
  ])('%s answers a known and an unknown address alike', async (path, body) => {
    const { email: known } = await freshUser();
    const a = await gotrue(path, body(known));
    const b = await gotrue(path, body(newEmail()));
    // recover.go:55/75, resend.go:95-119: 200 {} either way.
    expect(a).toEqual({ status: 200, body: {} });
    expect(b).toEqual(a);
  });

  it('the recovery mail goes only to the known address', async () => {
    const { email } = await freshUser();
    await gotrue('/recover', { email });
    expect(verifyLinkOf(await nthMail(email, RECOVERY_SUBJECT), 'recovery').pathname).toBe('/auth/v1/verify');
  });
});
