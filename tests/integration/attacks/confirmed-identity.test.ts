import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  actor,
  freshUser,
  mailedLink,
  newClient,
  openLink,
  PASSWORD,
  serviceClient,
  uid,
  url,
} from '../helpers.ts';
import { tokenFor } from '../realtime-kit.ts';

/**
 * Issue 25, point 3: identity comes from confirmed facts only. Whatever is keyed by an e-mail
 * address (newsletter_my_status) uses the account's confirmed address: never one that is only
 * typed at sign-up or waiting in a pending e-mail change. The local auth confirms as production
 * does (mailer_autoconfirm false, secure e-mail change), and the database holds even for a valid
 * token of an account whose address nobody confirmed.
 */
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(() => db?.end());

const address = () => `victim-${uid().slice(0, 10)}@example.org`;

/** A newsletter subscriber who confirmed from their mailbox (the server's two calls). */
async function subscribed(email: string) {
  const { data, error } = await serviceClient().rpc('newsletter_sign_up', {
    p_email: email,
    p_first_name: 'Vic',
    p_last_name: 'Tim',
    p_language: 'en',
    p_source: 'footer',
    p_page_url: 'http://127.0.0.1:4321/',
    p_consent_text: 'Yes, send me the newsletter.',
    p_consent_version: 'v1',
    p_privacy_version: 'v1',
  });
  if (error) throw error;
  const token = (data as Array<{ confirm_token: string }>)[0]?.confirm_token;
  const confirmed = await serviceClient().rpc('newsletter_confirm', { p_token: token });
  expect((confirmed.data as Array<{ outcome: string }>)[0]?.outcome).toBe('confirmed');
}

const status = async (client: SupabaseClient) => (await client.rpc('newsletter_my_status')).data;

const asUser = (id: string) =>
  tokenFor(id, 600).then((token) =>
    createClient(url(), inject('supabaseAnonKey'), {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );

describe('newsletter_my_status reads only a confirmed address', () => {
  it('a member who changes their address to a subscriber’s does not read that subscriber’s status', async () => {
    const victim = address();
    await subscribed(victim);
    const attacker = await freshUser('Mallory');
    expect(await status(attacker.db)).toBe('none');
    const { error } = await attacker.db.auth.updateUser({ email: victim });
    expect(error).toBeNull();
    expect(await status(attacker.db)).toBe('none');
    // The attacker can open the link mailed to their own (old) address; the new one is the victim's.
    await openLink(await mailedLink(attacker.email, 'email_change'));
    expect(await status(attacker.db)).toBe('none');
    const { rows } = await db.query('select email, email_change from auth.users where id = $1', [
      attacker.id,
    ]);
    expect(rows[0]).toEqual({ email: attacker.email, email_change: victim });
    // The old, confirmed address still signs in.
    const again = await newClient().auth.signInWithPassword({ email: attacker.email, password: PASSWORD });
    expect(again.error).toBeNull();
  });

  it('an address confirmed through both links counts (positive control)', async () => {
    const own = address();
    await subscribed(own);
    const member = await freshUser('Honest Member');
    expect((await member.db.auth.updateUser({ email: own })).error).toBeNull();
    await openLink(await mailedLink(member.email, 'email_change'));
    expect(await status(member.db)).toBe('none');
    expect(await openLink(await mailedLink(own, 'email_change'))).toContain('type=email_change');
    expect(await status(member.db)).toBe('subscribed');
  });

  it('an account whose address was never confirmed reads nothing, even with a valid token', async () => {
    const victim = address();
    await subscribed(victim);
    const { data, error } = await newClient().auth.signUp({ email: victim, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull(); // confirmations on, as in production
    const signIn = await newClient().auth.signInWithPassword({ email: victim, password: PASSWORD });
    expect(signIn.error?.code).toBe('email_not_confirmed');
    // Had auth handed out a session anyway (autoconfirm), the database still says nothing.
    expect(await status(await asUser(data.user?.id ?? ''))).toBe('none');
  });

  it('anon may not ask; a client and an admin read only their own address', async () => {
    const anon = await actor('anon');
    expect((await anon.db.rpc('newsletter_my_status')).error?.code).toBe('42501');
    for (const name of ['clientA', 'admin'] as const) {
      expect(await status((await actor(name)).db)).toBe('none');
    }
  });
});

describe('the local auth confirms as production does', () => {
  it('reports mailer_autoconfirm false', async () => {
    const res = await fetch(`${url()}/auth/v1/settings`, { headers: { apikey: inject('supabaseAnonKey') } });
    expect(((await res.json()) as { mailer_autoconfirm: boolean }).mailer_autoconfirm).toBe(false);
  });
});
