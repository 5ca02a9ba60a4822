import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { closeDb, codeOf, newEmail, nthMail, sql } from './auth-flows-kit.ts';
import { freshUser, newClient, url } from './helpers.ts';

/**
 * The forgotten-password request (issue 21, point 1) through unmodified supabase-js: it must not
 * tell whether an address has an account (status, body, timing), it is limited per address and
 * per client IP, and the mail is in the member's mail language (private.mail_locale).
 */
afterAll(closeDb);

const REDIRECT = 'http://localhost:4321/de/auth/reset';

/** A client whose requests come from `ip` (the local stack reads X-Forwarded-For as GoTrue's RATE_LIMIT_HEADER). */
const fromIp = (ip: string) =>
  createClient(url(), inject('supabaseAnonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': ip } },
  });
const randomIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** An existing account without a sign-in: the row is all /recover looks at. */
async function knownAddress(): Promise<string> {
  const email = newEmail();
  const { error } = await newClient().auth.signUp({ email, password: 'password123' });
  if (error) throw error;
  return email;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

describe('resetPasswordForEmail: no account-existence oracle', () => {
  it('answers a known and an unknown address with the same status, body and time', async () => {
    const rounds = 10;
    const known = await Promise.all(Array.from({ length: rounds }, knownAddress));
    const db = fromIp(randomIp());
    const times = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    for (let i = 0; i < rounds; i++) {
      // Interleaved, so load on this shared machine hits both sides alike.
      for (const [side, email] of [
        ['known', known[i] as string],
        ['unknown', newEmail()],
      ] as const) {
        const start = performance.now();
        const answer = await db.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT });
        times[side].push(performance.now() - start);
        answers.add(JSON.stringify(answer));
      }
    }
    expect([...answers]).toEqual([JSON.stringify({ data: {}, error: null })]);
    // The mail (a token update and an SMTP delivery) goes out after the answer, not before it.
    const gap = Math.abs(median(times.known) - median(times.unknown));
    expect(gap, `known ${median(times.known)} ms, unknown ${median(times.unknown)} ms`).toBeLessThan(
      Math.max(25, median(times.unknown) * 0.5),
    );
    // And the mails did go out, to the known addresses only.
    await nthMail(known[0] as string, 'wachtwoord');
  });

  it('limits an address to one request per max_frequency, known or not, with GoTrue 429', async () => {
    const db = fromIp(randomIp());
    for (const email of [await knownAddress(), newEmail()]) {
      expect((await db.auth.resetPasswordForEmail(email)).error).toBeNull();
      const again = await db.auth.resetPasswordForEmail(email);
      expect(again.error?.status).toBe(429);
      expect(again.error?.code).toBe('over_email_send_rate_limit');
      expect(again.error?.message).toMatch(/^For security purposes, you can only request this after/);
    }
  });

  it('limits a client IP to email_sent (30) recovery mails an hour, then 429 "Email rate limit exceeded"', async () => {
    const ip = randomIp();
    const db = fromIp(ip);
    for (let i = 0; i < 30; i++) {
      expect((await db.auth.resetPasswordForEmail(newEmail())).error).toBeNull();
    }
    const over = await db.auth.resetPasswordForEmail(newEmail());
    expect(over.error?.status).toBe(429);
    expect(over.error?.code).toBe('over_email_send_rate_limit');
    expect(over.error?.message).toBe('Email rate limit exceeded');
    // Another IP is not held back by it.
    expect((await fromIp(randomIp()).auth.resetPasswordForEmail(newEmail())).error).toBeNull();
  });
});

describe('the recovery mail speaks the member’s mail language', () => {
  it.each([
    ['de', 'Setze dein Passwort zurück', 'Oder gib diesen Code ein'],
    ['en', 'Reset your password', 'Alternatively, enter the code'],
    ['nl', 'Stel een nieuw wachtwoord in', 'Of vul deze code in'],
  ])('set to %s on the account page', async (locale, subject, codeLabel) => {
    const { email, db } = await freshUser(`Lang ${randomUUID().slice(0, 4)}`);
    const { error } = await db.rpc('set_my_mail_locale', { locale });
    expect(error).toBeNull();
    await fromIp(randomIp()).auth.resetPasswordForEmail(email, { redirectTo: REDIRECT });
    const mail = await nthMail(email, subject);
    expect(mail.text).toContain(`${codeLabel}: ${codeOf(mail)}`);
    expect(mail.links.some((l) => l.includes('type=recovery'))).toBe(true);
  });

  it('without a setting, in the language the member signed up in', async () => {
    const email = newEmail();
    await newClient().auth.signUp({ email, password: 'password123', options: { data: { locale: 'de' } } });
    const [row] = await sql<{ locale: string }>(
      'select private.mail_locale(id) as locale from auth.users where email = $1',
      [email],
    );
    expect(row?.locale).toBe('de');
    await fromIp(randomIp()).auth.resetPasswordForEmail(email);
    await nthMail(email, 'Setze dein Passwort zurück');
  });
});
