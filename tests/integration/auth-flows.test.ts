import { afterAll, describe, expect, it } from 'vitest';
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
import { freshUser, newClient, openLink, PASSWORD } from './helpers.ts';

/**
 * GoTrue's mailed-code flows, driven by unmodified supabase-js against the local stack. Every
 * expected status, code and message is GoTrue's own (github.com/supabase/auth @ bc32168e).
 */
afterAll(closeDb);

const REDIRECT = 'http://localhost:4321/en/auth/reset';
const NEW_PASSWORD = 'another-secret-42';

describe('password recovery', () => {
  it('resetPasswordForEmail mails a hashed single-use link; verifyOtp(token_hash) signs in; the new password works', async () => {
    const { id, email } = await freshUser();
    const client = newClient();
    const sent = await client.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT });
    expect(sent).toEqual({ data: {}, error: null });
    const mail = await nthMail(email, RECOVERY_SUBJECT);
    const link = verifyLinkOf(mail, 'recovery');
    // templatemailer.go getPath: token=<hash>&type=recovery&redirect_to=<redirect>
    expect(link.searchParams.get('redirect_to')).toBe(REDIRECT);
    const hash = link.searchParams.get('token') ?? '';
    // Stored hashed: sha224(email + code), never the code itself.
    expect(hash).toBe(tokenHash(email, codeOf(mail)));
    const [row] = await sql<{ recovery_token: string }>(
      'select recovery_token from auth.users where id = $1',
      [id],
    );
    expect(row?.recovery_token).toBe(hash);

    const verified = await client.auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(id);
    const updated = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(updated.error).toBeNull();
    const withNew = await newClient().auth.signInWithPassword({ email, password: NEW_PASSWORD });
    expect(withNew.error).toBeNull();
    const withOld = await newClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(withOld.error?.code).toBe('invalid_credentials');

    // Single use (verify.go:664): the same link again is refused.
    const again = await newClient().auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.message).toBe('Email link is invalid or has expired');
  });

  it('verifyOtp({ email, token }) takes the 6-digit code; a wrong code is refused as GoTrue does', async () => {
    const { id, email } = await freshUser();
    await newClient().auth.resetPasswordForEmail(email);
    const code = codeOf(await nthMail(email, RECOVERY_SUBJECT));
    const wrong = await newClient().auth.verifyOtp({
      email,
      token: code === '000000' ? '111111' : '000000',
      type: 'recovery',
    });
    // verify.go:778
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    const right = await newClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.id).toBe(id);
  });

  it('a code expires otp_expiry (3600 s) after it was sent', async () => {
    const { id, email } = await freshUser();
    await newClient().auth.resetPasswordForEmail(email);
    const code = codeOf(await nthMail(email, RECOVERY_SUBJECT));
    await sql(`update auth.users set recovery_sent_at = now() - interval '3601 seconds' where id = $1`, [id]);
    const late = await newClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(late.error?.code).toBe('otp_expired');
    await sql(`update auth.users set recovery_sent_at = now() - interval '3500 seconds' where id = $1`, [id]);
    const inTime = await newClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(inTime.error).toBeNull();
  });

  it('a second request within max_frequency gets 429 over_email_send_rate_limit', async () => {
    const { email } = await freshUser();
    expect((await newClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await newClient().auth.resetPasswordForEmail(email);
    // mail.go:725 + errors.go:258
    expect(second.error?.status).toBe(429);
    expect(second.error?.code).toBe('over_email_send_rate_limit');
    expect(second.error?.message).toMatch(
      /^For security purposes, you can only request this after (59|60) seconds\.$/,
    );
  });

  it('GET /verify redirects with the session in the fragment, then with the error (prepErrorRedirectURL)', async () => {
    const { email } = await freshUser();
    await newClient().auth.resetPasswordForEmail(email, { redirectTo: REDIRECT });
    const link = verifyLinkOf(await nthMail(email, RECOVERY_SUBJECT), 'recovery').href;
    const first = new URL(await openLink(link));
    expect(`${first.origin}${first.pathname}`).toBe(REDIRECT);
    const fragment = new URLSearchParams(first.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();
    expect(await openLink(link)).toBe(
      `${REDIRECT}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
    );
  });

  it('/recover validates like recover.go', async () => {
    const missing = await gotrue('/recover', {});
    expect(missing).toEqual({
      status: 400,
      body: { code: 400, error_code: 'validation_failed', msg: 'Password recovery requires an email' },
    });
  });
});

describe('POST /verify', () => {
  it('refuses what VerifyParams.Validate refuses (verify.go:54-85)', async () => {
    expect((await gotrue('/verify', { token_hash: 'ab' })).body?.['msg']).toBe(
      'Verify requires a verification type',
    );
    const both = await gotrue('/verify', {
      type: 'recovery',
      token: '123456',
      token_hash: 'ab',
      email: 'a@b.co',
    });
    expect(both.status).toBe(400);
    expect(both.body?.['msg']).toBe('Verify requires either a token or a token hash');
    const extra = await gotrue('/verify', { type: 'recovery', token_hash: 'ab', email: 'a@b.co' });
    expect(extra.body?.['msg']).toBe('Only the token_hash and type should be provided');
  });

  it('confirms a sign-up with the mailed code (type signup), single use', async () => {
    const email = newEmail();
    const client = newClient();
    const signedUp = await client.auth.signUp({ email, password: PASSWORD });
    expect(signedUp.data.session).toBeNull();
    const code = codeOf(await nthMail(email, 'Bevestig je e-mailadres'));
    const ok = await client.auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.email_confirmed_at).toBeTruthy();
    const again = await newClient().auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(again.error?.code).toBe('otp_expired');
  });
});

describe('resend and signInWithOtp', () => {
  it('resend(signup) mails a new code after max_frequency; the old one stops working', async () => {
    const email = newEmail();
    await newClient().auth.signUp({ email, password: PASSWORD });
    const first = codeOf(await nthMail(email, 'Bevestig je e-mailadres'));
    const tooSoon = await newClient().auth.resend({ type: 'signup', email });
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    await sql(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`, [
      email,
    ]);
    expect((await newClient().auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = codeOf(await nthMail(email, 'Bevestig je e-mailadres', 2));
    if (first !== second) {
      const old = await newClient().auth.verifyOtp({ email, token: first, type: 'signup' });
      expect(old.error?.code).toBe('otp_expired');
    }
    expect((await newClient().auth.verifyOtp({ email, token: second, type: 'signup' })).error).toBeNull();
  });

  it('signInWithOtp mails a magic link and code to a member; verifyOtp(type email) signs in', async () => {
    const { id, email } = await freshUser();
    expect(
      (await newClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error,
    ).toBeNull();
    const mail = await nthMail(email, 'Je inloglink');
    expect(verifyLinkOf(mail, 'magiclink').searchParams.get('token')).toBe(tokenHash(email, codeOf(mail)));
    const ok = await newClient().auth.verifyOtp({ email, token: codeOf(mail), type: 'email' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.id).toBe(id);
  });

  it('signInWithOtp creates an unknown address (create_user) and confirms it with the code', async () => {
    const email = newEmail();
    expect((await newClient().auth.signInWithOtp({ email })).error).toBeNull();
    const code = codeOf(await nthMail(email, 'Bevestig je e-mailadres'));
    const ok = await newClient().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe(email);
  });

  it('signInWithOtp with shouldCreateUser false: GoTrue itself answers an unknown address 422 (otp.go:83)', async () => {
    const email = newEmail();
    const res = await newClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(res.error?.status).toBe(422);
    expect(res.error?.code).toBe('otp_disabled');
    expect(res.error?.message).toBe('Signups not allowed for otp');
    expect(await countMails(email)).toBe(0);
  });
});
