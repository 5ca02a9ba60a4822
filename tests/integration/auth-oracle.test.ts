import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { handleEmailChange } from '../../src/features/account/email-change-handler.ts';
import { AUTH_TEMPLATES } from '../../supabase/local/auth-templates.ts';
import { closeDb, countMails, gotrue, newEmail, nthMail, sql, verifyLinkOf } from './auth-flows-kit.ts';
import { freshUser, newClient, PASSWORD, url } from './helpers.ts';

type Member = { id: string; email: string; db: SupabaseClient };
const CHANGE_NL = 'Bevestig de wijziging van je e-mailadres';
const TAKEN_NL = 'Iemand probeerde je e-mailadres te gebruiken';

/**
 * No account-existence oracle on sign-up, resend and e-mail change (issue 21, "Done when"):
 * an address with an account and one without get the same status, the same body shape and the
 * same time within noise (medians of interleaved tries, as account-recover.test.ts does).
 */
afterAll(closeDb);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** The shape of a JSON answer: its keys, recursively, with the types of the leaves. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  return value === null ? 'null' : typeof value;
}

type Tried = { status: number; shape: unknown; ms: number };

/** Runs `tryOne` for a known and an unknown address in turns; returns both sides' answers and times. */
async function compare(
  rounds: number,
  known: () => Promise<string>,
  unknown: () => string,
  tryOne: (email: string) => Promise<{ status: number; body: unknown }>,
) {
  const knownAddresses = await Promise.all(Array.from({ length: rounds }, known));
  const sides = { known: [] as Tried[], unknown: [] as Tried[] };
  for (let i = 0; i < rounds; i++) {
    for (const [side, email] of [
      ['known', knownAddresses[i] as string],
      ['unknown', unknown()],
    ] as const) {
      const start = performance.now();
      const answer = await tryOne(email);
      sides[side].push({ status: answer.status, shape: shape(answer.body), ms: performance.now() - start });
    }
  }
  return { ...sides, knownAddresses };
}

function expectAlike(sides: { known: Tried[]; unknown: Tried[] }) {
  const all = [...sides.known, ...sides.unknown];
  expect(new Set(all.map((t) => t.status)).size, JSON.stringify(all.map((t) => t.status))).toBe(1);
  expect(new Set(all.map((t) => JSON.stringify(t.shape))).size).toBe(1);
  const known = median(sides.known.map((t) => t.ms));
  const unknown = median(sides.unknown.map((t) => t.ms));
  expect(Math.abs(known - unknown), `known ${known} ms, unknown ${unknown} ms`).toBeLessThan(
    Math.max(25, unknown * 0.5),
  );
}

describe('sign-up', () => {
  it('an address with a confirmed account and a new one: 200, the same user shape, the same time', async () => {
    const sides = await compare(
      8,
      async () => (await freshUser()).email,
      newEmail,
      (email) => gotrue('/signup', { email, password: PASSWORD, data: { locale: 'en' } }),
    );
    expect(sides.known[0]?.status).toBe(200);
    expectAlike(sides);
    // GoTrue's obfuscated user (signup.go sanitizeUser): no mail to the existing account.
    const existing = sides.knownAddresses[0] as string;
    const before = await countMails(existing);
    const again = await newClient().auth.signUp({ email: existing, password: 'other-password-1' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.email).toBe(existing);
    await new Promise((r) => setTimeout(r, 300));
    expect(await countMails(existing)).toBe(before);
    // And the account keeps its password.
    expect(
      (await newClient().auth.signInWithPassword({ email: existing, password: PASSWORD })).error,
    ).toBeNull();
  });

  it('an unconfirmed address gets its confirmation mail again (GoTrue), a confirmed one none', async () => {
    const email = newEmail();
    await newClient().auth.signUp({ email, password: PASSWORD });
    await nthMail(email, AUTH_TEMPLATES.signup.nl.subject);
    // The first mail is younger than max_frequency: GoTrue's 429.
    const soon = await newClient().auth.signUp({ email, password: PASSWORD });
    expect(soon.error?.code).toBe('over_email_send_rate_limit');
  });
});

describe('resend', () => {
  it('type signup for an unconfirmed account and for no account: 200 {}, the same time', async () => {
    const sides = await compare(
      8,
      async () => {
        const email = newEmail();
        await gotrue('/signup', { email, password: PASSWORD });
        await nthMail(email, AUTH_TEMPLATES.signup.nl.subject);
        return email;
      },
      newEmail,
      async (email) => {
        // The first mail is younger than max_frequency: age it, so the known address gets a mail.
        await sql(
          `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
          [email],
        );
        return gotrue('/resend', { type: 'signup', email });
      },
    );
    expectAlike(sides);
    expect(sides.known[0]).toMatchObject({ status: 200, shape: {} });
    await nthMail(sides.knownAddresses[0] as string, AUTH_TEMPLATES.signup.nl.subject, 2);
  });
});

describe('e-mail change (POST /api/account/email, the site in front of GoTrue)', () => {
  const change = async (db: SupabaseClient, email: string) => {
    const jwt = (await db.auth.getSession()).data.session?.access_token ?? '';
    const res = await handleEmailChange(
      new Request('http://site.test/api/account/email', {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, language: 'en' }),
      }),
      {
        url: url(),
        anonKey: inject('supabaseAnonKey'),
        serviceKey: inject('supabaseServiceKey'),
        origin: 'http://127.0.0.1:4321',
      },
    );
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('to an address with an account and to a free one: the same status, body and time', async () => {
    const rounds = 6;
    const members = await Promise.all(Array.from({ length: rounds * 2 }, () => freshUser()));
    const taken = await Promise.all(Array.from({ length: rounds }, async () => (await freshUser()).email));
    const sides = { known: [] as Tried[], unknown: [] as Tried[] };
    const bodies = new Set<string>();
    const free: string[] = [];
    for (let i = 0; i < rounds; i++) {
      for (const [side, member, to] of [
        ['known', members[2 * i], taken[i] as string],
        ['unknown', members[2 * i + 1], newEmail()],
      ] as const) {
        if (side === 'unknown') free.push(to);
        const start = performance.now();
        const answer = await change((member as Member).db, to);
        sides[side].push({ status: answer.status, shape: shape(answer.body), ms: performance.now() - start });
        bodies.add(JSON.stringify(answer.body));
      }
    }
    expectAlike(sides);
    expect(sides.known[0]?.status).toBe(202);
    expect([...bodies]).toEqual([JSON.stringify({ ok: true, status: 'pending' })]);

    // Free: both confirmations (the member's mail language, here nl) through the outbox; opening
    // both GoTrue links makes the new address the member's.
    const mover = members[1] as Member;
    const next = free[0] as string;
    const toNew = await nthMail(next, CHANGE_NL);
    const toOld = await nthMail(mover.email, CHANGE_NL);
    for (const mail of [toNew, toOld]) {
      const link = verifyLinkOf(mail, 'email_change');
      expect(link.searchParams.get('redirect_to')).toBe('http://127.0.0.1:4321/en/account');
      await fetch(link, { redirect: 'manual' });
    }
    const [moved] = await sql<{ email: string }>('select email from auth.users where id = $1', [mover.id]);
    expect(moved?.email).toBe(next);

    // Taken: the owner hears that someone tried (once), the requester's addresses get nothing.
    const owner = taken[0] as string;
    const requester = members[0] as Member;
    await nthMail(owner, TAKEN_NL);
    await new Promise((r) => setTimeout(r, 500));
    const ownerGot = await fetchSubjects(owner);
    expect(ownerGot.filter((s) => s === TAKEN_NL)).toHaveLength(1);
    expect(ownerGot).not.toContain(CHANGE_NL);
    expect(await fetchSubjects(requester.email)).not.toContain(CHANGE_NL);
    const [kept] = await sql<{ email: string; email_change: string | null }>(
      'select email, email_change from auth.users where id = $1',
      [requester.id],
    );
    expect(kept).toEqual({ email: requester.email, email_change: '' });
  });

  it('refuses without a session, the own address, a bad address, and the sixth request in an hour (429 for any address)', async () => {
    const member = await freshUser();
    expect((await change(newClient(), newEmail())).status).toBe(401);
    expect(await change(member.db, member.email)).toMatchObject({
      status: 422,
      body: { error: { code: 'same_email' } },
    });
    expect((await change(member.db, 'not-an-address')).status).toBe(422);
    const { email: taken } = await freshUser();
    for (let i = 0; i < 5; i++)
      expect((await change(member.db, i % 2 ? taken : newEmail())).status).toBe(202);
    expect(await change(member.db, taken)).toMatchObject({
      status: 429,
      body: { error: { code: 'rate_limited' } },
    });
    expect(await change(member.db, newEmail())).toMatchObject({
      status: 429,
      body: { error: { code: 'rate_limited' } },
    });
  });
});

async function fetchSubjects(to: string): Promise<string[]> {
  const res = await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as Array<{ subject: string }>).map((m) => m.subject);
}
