import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONSENT_VERSION } from '../../src/features/newsletter/consent.ts';
import { handleNewsletterSignUp, handleOneClickUnsubscribe } from '../../src/features/newsletter/handler.ts';
import { syncProviders } from '../../src/features/newsletter/providers/index.ts';
import { ProviderError } from '../../src/features/newsletter/providers/types.ts';
import { retryFailedSyncs } from '../../src/features/newsletter/retry.ts';
import { type NewsletterStore, supabaseNewsletterStore } from '../../src/features/newsletter/store.ts';
import { closeMailTransports } from '../../src/lib/mail/send.ts';
import { ACTORS, actor, serviceClient, uid, url } from './helpers.ts';
import { ADMIN, canSelect, NOBODY, runMatrix } from './rls-kit.ts';

/**
 * Newsletter double opt-in against the local stack: who may read and write, the append-only
 * ledger, links that expire, are used once or are forged, rate limits, and the endpoint's
 * behaviour (the same answer whether or not an address was known, every mail captured once).
 */
const SEEDED_SUBSCRIBER = '40000000-0000-4000-8000-000000000001'; // ilse@example.org, seed.sql
let store: NewsletterStore;
let db: pg.Client;
const origin = 'http://127.0.0.1:4999';

beforeAll(async () => {
  process.env['SMTP_URL'] = inject('smtpUrl');
  store = supabaseNewsletterStore(url(), inject('supabaseServiceKey'));
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(async () => {
  closeMailTransports();
  await db.end();
});

const address = () => `nl-${uid().slice(0, 12)}@example.org`;
const signUpRequest = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Request(`${origin}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest', ...headers },
    body: JSON.stringify({
      consent: true,
      language: 'en',
      source: 'footer',
      consentVersion: CONSENT_VERSION,
      pageUrl: `${origin}/en/`,
      firstName: 'Nora',
      lastName: 'Lind',
      ...body,
    }),
  });
const deps = () => ({ store });
const signUp = (email: string, extra: Record<string, unknown> = {}, ip = '198.51.100.7') =>
  handleNewsletterSignUp(signUpRequest({ email, ...extra }), deps(), { ip, origin });

type Captured = {
  subject: string;
  links: string[];
  headers: Record<string, string>;
  html: string;
  text: string;
};
async function inbox(to: string): Promise<Captured[]> {
  const res = await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Captured[];
}
/** The mails to an address once `count` have arrived (the stack's outbox worker sends them). */
async function arrived(to: string, count: number): Promise<Captured[]> {
  await expect.poll(async () => (await inbox(to)).length, { timeout: 10_000 }).toBe(count);
  return inbox(to);
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
async function ledger(
  email: string,
): Promise<
  Array<{ event: string; consent_text: string | null; consent_hash: string | null; ip: string | null }>
> {
  const { rows } = await db.query(
    'select event, consent_text, consent_hash, host(ip) as ip from public.newsletter_consents where email = $1 order by created_at, id',
    [email],
  );
  return rows;
}
async function statusOf(email: string): Promise<string | undefined> {
  const { rows } = await db.query('select status from public.newsletter_subscribers where email = $1', [
    email,
  ]);
  return rows[0]?.status;
}

async function aLedgerRow(): Promise<string> {
  const { rows } = await db.query('select id from public.newsletter_consents order by created_at limit 1');
  return rows[0].id as string;
}

runMatrix('newsletter tables: only admins read, nobody writes directly', [
  {
    table: 'newsletter_subscribers',
    op: 'select',
    allowed: ADMIN,
    run: (a) => canSelect(a, 'newsletter_subscribers', SEEDED_SUBSCRIBER),
  },
  {
    table: 'newsletter_consents',
    op: 'select',
    allowed: ADMIN,
    run: async (a) => canSelect(a, 'newsletter_consents', await aLedgerRow()),
  },
  {
    table: 'newsletter_subscribers',
    op: 'insert (old single opt-in path)',
    allowed: NOBODY,
    run: async (a) => {
      const email = address();
      await a.db.from('newsletter_subscribers').insert({ email, consent: true });
      return (await statusOf(email)) !== undefined;
    },
  },
  {
    table: 'newsletter_subscribers',
    op: 'update (re-subscribe or rename someone)',
    allowed: NOBODY,
    run: async (a) => {
      await a.db
        .from('newsletter_subscribers')
        .update({ name: `Renamed ${a.name}` })
        .eq('id', SEEDED_SUBSCRIBER);
      const { rows } = await db.query('select name from public.newsletter_subscribers where id = $1', [
        SEEDED_SUBSCRIBER,
      ]);
      return rows[0].name === `Renamed ${a.name}`;
    },
  },
  {
    table: 'newsletter_consents',
    op: 'insert a forged consent',
    allowed: NOBODY,
    run: async (a) => {
      const marker = `forged-${uid()}`;
      await a.db.from('newsletter_consents').insert({
        subscriber_id: SEEDED_SUBSCRIBER,
        consent: true,
        source: marker,
        language: 'nl',
        event: 'confirmed',
      });
      const { rows } = await db.query('select 1 from public.newsletter_consents where source = $1', [marker]);
      return rows.length > 0;
    },
  },
  {
    table: 'subscribe_newsletter()',
    op: 'call the removed single opt-in function',
    allowed: NOBODY,
    run: async (a) => {
      const { error } = await a.db.rpc('subscribe_newsletter', { email: address(), consent: true });
      return error === null;
    },
  },
  {
    table: 'newsletter_sign_up()',
    op: 'call directly (only the server may)',
    allowed: NOBODY,
    run: async (a) => {
      const email = address();
      await a.db.rpc('newsletter_sign_up', {
        p_email: email,
        p_first_name: 'A',
        p_last_name: 'B',
        p_language: 'nl',
        p_source: 'footer',
        p_page_url: null,
        p_consent_text: 'x',
        p_consent_version: 'x',
        p_privacy_version: 'x',
      });
      return (await statusOf(email)) !== undefined;
    },
  },
  {
    table: 'newsletter_consent_export()',
    op: 'export the proof',
    allowed: ADMIN,
    run: async (a) => {
      const { data, error } = await a.db.rpc('newsletter_consent_export', { p_email: 'ilse@example.org' });
      return !error && Array.isArray(data) && data.length > 0;
    },
  },
]);

describe('the consent ledger is append-only for every role', () => {
  for (const name of ACTORS) {
    it(`${name} can neither update nor delete a ledger row`, async () => {
      const id = await aLedgerRow();
      const a = await actor(name);
      await a.db.from('newsletter_consents').update({ consent: false, source: 'tampered' }).eq('id', id);
      await a.db.from('newsletter_consents').delete().eq('id', id);
      const { rows } = await db.query('select source from public.newsletter_consents where id = $1', [id]);
      expect(rows).toHaveLength(1);
      expect(rows[0].source).not.toBe('tampered');
    });
  }

  it('the service role can neither update nor delete it', async () => {
    const id = await aLedgerRow();
    const update = await serviceClient()
      .from('newsletter_consents')
      .update({ source: 'tampered' })
      .eq('id', id);
    const remove = await serviceClient().from('newsletter_consents').delete().eq('id', id);
    expect(update.error?.code).toBe('42501');
    expect(remove.error?.code).toBe('42501');
  });

  it('not even the database owner can update, delete or truncate it (trigger)', async () => {
    const id = await aLedgerRow();
    await expect(
      db.query("update public.newsletter_consents set source = 'x' where id = $1", [id]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query('delete from public.newsletter_consents where id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('truncate public.newsletter_consents cascade')).rejects.toThrow(/append-only/);
    // Positive control: an insert through the server's function still works.
    const email = address();
    expect((await signUp(email)).status).toBe(202);
    // confirmation_sent is written once the outbox worker has sent the mail.
    await expect
      .poll(async () => (await ledger(email)).map((r) => r.event), { timeout: 10_000 })
      .toEqual(['sign_up', 'confirmation_sent']);
  });
});

describe('double opt-in through the endpoint', () => {
  it('stores pending with the exact consent text, mails once, and confirms once', async () => {
    const email = address();
    const response = await signUp(email);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, status: 'pending' });
    expect(await statusOf(email)).toBe('pending');
    const mails = await arrived(email, 1);
    // The worker records the sending in the ledger right after the SMTP server took the mail.
    await expect
      .poll(async () => (await ledger(email)).map((r) => r.event), { timeout: 10_000 })
      .toEqual(['sign_up', 'confirmation_sent']);
    const [mail] = mails;
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const confirm = mail?.links.find((l) => l.includes('/en/newsletter/confirm')) ?? '';
    const [first] = await ledger(email);
    expect(first?.consent_text).toContain('Inner Circle newsletter');
    expect(first?.consent_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first?.ip).toBe('198.51.100.7');

    expect((await store.confirm(tokenOf(confirm), '198.51.100.8', 'vitest')).outcome).toBe('confirmed');
    expect(await statusOf(email)).toBe('subscribed');
    expect((await store.confirm(tokenOf(confirm), null, null)).outcome).toBe('used');
    expect((await ledger(email)).map((r) => r.event)).toEqual(['sign_up', 'confirmation_sent', 'confirmed']);
  });

  it('a confirmed subscriber who signs up again is told so (in the form’s language), a pending one asked again; one answer', async () => {
    const confirmed = address();
    await signUp(confirmed);
    const confirm =
      (await arrived(confirmed, 1))[0]?.links.find((l) => l.includes('/newsletter/confirm')) ?? '';
    expect((await store.confirm(tokenOf(confirm), null, null)).outcome).toBe('confirmed');
    const pending = address();
    await signUp(pending);
    await arrived(pending, 1);

    const answers = [
      await signUp(confirmed, { language: 'de' }),
      await signUp(pending),
      await signUp(address()),
    ];
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);

    const [already] = await arrived(confirmed, 2); // newest first
    expect(already?.subject).toBe('Du bist bereits beim Inner Circle angemeldet');
    expect(already?.links.some((l) => l.includes('/newsletter/confirm'))).toBe(false);
    expect(already?.links.some((l) => l.includes('/de/newsletter/unsubscribe?token='))).toBe(true);
    expect(already?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await statusOf(confirmed)).toBe('subscribed');

    const [again] = await arrived(pending, 2);
    expect(again?.subject).toBe('Please confirm your subscription to the Inner Circle');
    expect(again?.links.some((l) => l.includes('/en/newsletter/confirm?token='))).toBe(true);
  });

  it('refuses forged and expired links', async () => {
    expect((await store.confirm('A'.repeat(43), null, null)).outcome).toBe('invalid');
    const email = address();
    await signUp(email);
    const confirm = (await arrived(email, 1))[0]?.links[0] ?? '';
    // Tamper one character: still refused.
    const token = tokenOf(confirm);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await store.confirm(forged, null, null)).outcome).toBe('invalid');
    await db.query(
      `update private.newsletter_tokens set expires_at = now() - interval '1 minute'
        where subscriber_id = (select id from public.newsletter_subscribers where email = $1) and purpose = 'confirm'`,
      [email],
    );
    expect((await store.confirm(token, null, null)).outcome).toBe('expired');
    expect(await statusOf(email)).toBe('pending');
  });

  it('answers the same for a known address and changes nothing until the owner confirms', async () => {
    const before = await db.query('select name, status from public.newsletter_subscribers where id = $1', [
      SEEDED_SUBSCRIBER,
    ]);
    const known = await signUp('ilse@example.org', { firstName: 'Mallory', lastName: 'Evil' });
    const unknown = await signUp(address(), { firstName: 'Mallory', lastName: 'Evil' });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    const after = await db.query('select name, status from public.newsletter_subscribers where id = $1', [
      SEEDED_SUBSCRIBER,
    ]);
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('an unsubscribed person stays unsubscribed when someone else signs them up again', async () => {
    const email = address();
    await signUp(email);
    const mail = (await arrived(email, 1))[0];
    const oneClick = new URL(mail?.headers['list-unsubscribe']?.slice(1, -1) ?? '');
    const res = await handleOneClickUnsubscribe(
      new Request(oneClick, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      deps(),
      { ip: '198.51.100.9', origin },
    );
    expect(res.status).toBe(200);
    expect(await statusOf(email)).toBe('unsubscribed');
    expect((await signUp(email)).status).toBe(202);
    expect(await statusOf(email)).toBe('unsubscribed');
    expect((await ledger(email)).map((r) => r.event)).toContain('unsubscribed');
  });

  it('concurrent sign-ups of one address make one subscriber and one mail each', async () => {
    const email = address();
    const answers = await Promise.all([1, 2, 3, 4].map(() => signUp(email)));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    const { rows } = await db.query(
      'select count(*)::int as n from public.newsletter_subscribers where email = $1',
      [email],
    );
    expect(rows[0].n).toBe(1);
    expect(await arrived(email, 4)).toHaveLength(4);
  });
});

describe('providers', () => {
  it('a provider that is down is retried, the subscriber stays, the failed sync is in the ledger', async () => {
    const email = address();
    await signUp(email);
    const confirm = (await arrived(email, 1))[0]?.links[0] ?? '';
    const result = await store.confirm(tokenOf(confirm), null, null);
    expect(result.outcome).toBe('confirmed');
    let calls = 0;
    const down = {
      name: 'mailchimp',
      sync: async () => {
        calls++;
        throw new ProviderError('HTTP 503', true);
      },
    };
    const person = result.person;
    if (!person) throw new Error('confirm returned no person');
    await syncProviders(
      [down],
      { ...person, status: 'subscribed' },
      (r) => store.record(person.subscriberId, 'provider_sync', r),
      { backoffMs: 1 },
    );
    expect(calls).toBe(3);
    expect(await statusOf(email)).toBe('subscribed');
    const { rows } = await db.query(
      "select detail from public.newsletter_consents where email = $1 and event = 'provider_sync'",
      [email],
    );
    expect(rows).toEqual([{ detail: { provider: 'mailchimp', ok: false, attempts: 3, error: 'HTTP 503' } }]);

    // The scheduled retry finds the failed sync, succeeds once the provider is back, and the
    // success takes the person off the list.
    const synced: string[] = [];
    const back = { name: 'mailchimp', sync: async (p: { email: string }) => void synced.push(p.email) };
    const retried = await retryFailedSyncs(serviceClient(), [back], { backoffMs: 1 });
    expect(retried.some((r) => r.ok)).toBe(true);
    expect(synced).toContain(email);
    const { data: left } = await serviceClient().rpc('newsletter_failed_syncs', { p_limit: 1000 });
    expect((left as Array<{ email: string }>).some((r) => r.email === email)).toBe(false);
    const anon = await actor('anon');
    expect((await anon.db.rpc('newsletter_failed_syncs', {})).error).not.toBeNull();
  });
});

describe('rate limits in the database', () => {
  it('an address gets at most 5 sign-ups an hour (429 after)', async () => {
    const email = address();
    for (let i = 0; i < 5; i++) expect((await signUp(email)).status).toBe(202);
    const limited = await signUp(email);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect(await arrived(email, 5)).toHaveLength(5);
  });

  it('one IP gets at most 30 sign-ups in 10 minutes, across addresses', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    for (let i = 0; i < 30; i++) {
      const r = await store.signUp({
        email: address(),
        firstName: 'I',
        lastName: 'P',
        language: 'nl',
        source: 'footer',
        pageUrl: null,
        consentText: 'text',
        consentVersion: CONSENT_VERSION,
        privacyVersion: CONSENT_VERSION,
        ip,
        userAgent: null,
        origin,
      });
      expect(r.ok).toBe(true);
    }
    expect((await signUp(address(), {}, ip)).status).toBe(429);
    // Another IP is not affected.
    expect((await signUp(address(), {}, '198.51.100.77')).status).toBe(202);
  });
});

describe('members see only their own status', () => {
  it('newsletter_my_status answers for the caller only; anon may not ask', async () => {
    const member = await actor('memberA');
    const { data } = await member.db.rpc('newsletter_my_status');
    expect(data).toBe('none');
    const anon = await actor('anon');
    const { error } = await anon.db.rpc('newsletter_my_status');
    expect(error).not.toBeNull();
  });
});
