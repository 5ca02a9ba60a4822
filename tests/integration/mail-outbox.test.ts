import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type DrainOptions,
  drainOutbox,
  type MailTemplates,
  type OutboxStore,
  supabaseOutboxStore,
} from '../../src/lib/mail/outbox.ts';
import { closeMailTransports } from '../../src/lib/mail/send.ts';
import { type ActorName, actor, USERS, url } from './helpers.ts';

/**
 * The mail outbox (issue 22, point 4): a worker killed mid-batch, a crash between send and mark,
 * the SMTP server down for a while: every mail arrives exactly once afterwards (counted by
 * address and Message-ID in the stack's capture). Rows of the kind `test.echo` are rendered only
 * by this file's workers; the stack's own worker (supabase/local/mail-timer.ts) claims only the
 * kinds it knows, so it never races these tests.
 * OUTBOX_OUTAGE_SECONDS (default 6) sets how long SMTP stays down; 60 runs the full
 * minute (the backoff base scales with it, so the number of attempts stays about the same).
 */

let db: pg.Client;
let store: OutboxStore;
const run = randomUUID().slice(0, 8);
const templates: MailTemplates = {
  'test.echo': (row) => ({
    subject: `Echo ${String(row.payload['n'])}`,
    html: `<p>Echo ${String(row.payload['n'])}</p>`,
    text: `Echo ${String(row.payload['n'])}`,
  }),
};
const env = () => ({ SMTP_URL: inject('smtpUrl'), MAIL_FROM: 'Outbox Test <outbox@example.org>' });
const drain = (worker: string, more: Partial<DrainOptions> = {}) =>
  drainOutbox({ store, templates, worker, supabaseUrl: url(), env: env(), log: quiet, ...more });
const quiet = { error: () => undefined, info: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
  store = supabaseOutboxStore(url(), inject('supabaseServiceKey'));
});
afterAll(async () => {
  closeMailTransports();
  await db.end();
});

/** Enqueues `count` echo mails as a database function does; returns their keys and addresses. */
async function enqueue(label: string, count: number): Promise<Array<{ key: string; to: string }>> {
  const rows = Array.from({ length: count }, (_, i) => ({
    key: `test-${run}-${label}-${i}`,
    to: `outbox-${run}-${label}-${i}@example.org`,
  }));
  for (const [i, row] of rows.entries()) {
    await db.query(`select private.enqueue_mail($1, $2, 'en', 'test.echo', $3)`, [
      row.key,
      row.to,
      JSON.stringify({ n: i, origin: 'https://site.test' }),
    ]);
  }
  return rows;
}

type Captured = { to: string; headers: Record<string, string> };
async function inbox(to: string): Promise<Captured[]> {
  const res = await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Captured[];
}
/** How many mails each address got, and whether each carries its row's key as Message-ID. */
async function deliveries(rows: Array<{ key: string; to: string }>) {
  return Promise.all(
    rows.map(async (row) => {
      const mails = await inbox(row.to);
      return {
        count: mails.length,
        keyed: mails.every((m) => m.headers['message-id']?.startsWith(`<${row.key}@`)),
      };
    }),
  );
}
async function outboxRows(rows: Array<{ key: string }>) {
  const { rows: found } = await db.query<{
    key: string;
    attempts: number;
    sent: boolean;
    failed: boolean;
    payload: object;
    last_error: string | null;
    waits_ms: number;
  }>(
    `select idempotency_key as key, attempts, sent_at is not null as sent, failed_at is not null as failed,
            payload, last_error, greatest(0, extract(epoch from next_attempt_at - now()) * 1000)::int as waits_ms
       from private.mail_outbox where idempotency_key = any($1) order by idempotency_key`,
    [rows.map((r) => r.key)],
  );
  return found;
}
/** A local port nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a worker killed mid-batch', () => {
  it('leaves its claimed rows leased; the next worker sends each once after the lease', async () => {
    const rows = await enqueue('killed', 6);
    // The doomed worker claims the whole batch with a 1 s lease, then dies before sending.
    const claimed = await store.claim('doomed', ['test.echo'], 50, 1);
    expect(claimed.map((r) => r.idempotency_key).filter((k) => k.includes(`-${run}-killed-`))).toHaveLength(
      6,
    );
    // While the lease holds, nobody else takes them.
    expect((await drain('early')).sent).toBe(0);
    await sleep(1200);
    expect((await drain('heir')).sent).toBe(6);
    expect(await deliveries(rows)).toEqual(rows.map(() => ({ count: 1, keyed: true })));
    const after = await outboxRows(rows);
    expect(after.every((r) => r.sent && r.attempts === 2)).toBe(true);
    // Sent rows keep no tokens.
    expect(after.every((r) => JSON.stringify(r.payload) === '{}')).toBe(true);
    // Nothing is due any more: a later run sends nothing again.
    expect((await drain('later')).sent).toBe(0);
    expect(await deliveries(rows)).toEqual(rows.map(() => ({ count: 1, keyed: true })));
  });

  it('a crash between SMTP and the mark: the next worker sends again, the Message-ID makes it one mail', async () => {
    const rows = await enqueue('crash', 3);
    const dying: OutboxStore = {
      ...store,
      sent: async () => {
        throw new Error('killed after the SMTP server accepted the mail');
      },
    };
    expect((await drain('crashy', { store: dying, leaseSeconds: 1 })).sent).toBe(3);
    await expect.poll(async () => (await deliveries(rows)).map((d) => d.count)).toEqual([1, 1, 1]);
    await sleep(1200);
    // The heir sends all three again (at least once at SMTP) ...
    expect((await drain('heir')).sent).toBe(3);
    await sleep(300);
    // ... and each address still holds exactly one mail (exactly once by Message-ID).
    expect(await deliveries(rows)).toEqual(rows.map(() => ({ count: 1, keyed: true })));
    expect((await outboxRows(rows)).every((r) => r.sent)).toBe(true);
  });
});

describe('the SMTP server down for a while', () => {
  const outage = Number(process.env['OUTBOX_OUTAGE_SECONDS'] ?? 6) * 1000;

  it(
    'rows retry with growing waits, nothing is lost, and once it is back every mail arrives once',
    async () => {
      const rows = await enqueue('outage', 5);
      const down = { ...env(), SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` };
      // Backoff base = outage / 40: about five attempts per row during the outage.
      const base = outage / 40 / 1000;
      const until = Date.now() + outage;
      let maxWait = 0;
      while (Date.now() < until) {
        const result = await drain('during-outage', { env: down, backoffBaseSeconds: base, maxAttempts: 50 });
        expect(result.sent).toBe(0);
        for (const row of await outboxRows(rows)) maxWait = Math.max(maxWait, row.waits_ms);
        await sleep(Math.max(50, outage / 100));
      }
      const during = await outboxRows(rows);
      expect(during).toHaveLength(5);
      expect(
        during.every((r) => !r.sent && !r.failed && /ECONNREFUSED|connect/i.test(r.last_error ?? '')),
      ).toBe(true);
      // Backoff: a few attempts each, not one per run of the loop (which ran ~100 times).
      for (const row of during) expect(row.attempts).toBeGreaterThanOrEqual(3);
      for (const row of during) expect(row.attempts).toBeLessThanOrEqual(9);
      // The waits grew beyond the base (exponential, with jitter between 0.5 and 1).
      expect(maxWait).toBeGreaterThan(base * 1000 * 2);
      expect(await deliveries(rows)).toEqual(rows.map(() => ({ count: 0, keyed: true })));

      // Back up: workers keep running until every row is sent.
      await expect
        .poll(
          async () => {
            await drain('after-outage', { backoffBaseSeconds: base });
            return (await outboxRows(rows)).filter((r) => r.sent).length;
          },
          { timeout: outage * 2 + 10_000, interval: 200 },
        )
        .toBe(5);
      await sleep(300);
      expect(await deliveries(rows)).toEqual(rows.map(() => ({ count: 1, keyed: true })));
    },
    outage * 4 + 30_000,
  );

  it('gives up after the maximum of attempts; admins see the failure, others may not', async () => {
    const rows = await enqueue('failing', 1);
    const down = { ...env(), SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` };
    await expect
      .poll(
        async () => {
          await drain('hopeless', { env: down, backoffBaseSeconds: 0.05, maxAttempts: 3 });
          return (await outboxRows(rows))[0]?.failed;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    expect((await outboxRows(rows))[0]?.attempts).toBe(3);
    // A failed row is never claimed again.
    expect((await drain('later')).sent).toBe(0);
    const admin = await actor('admin');
    const { data, error } = await admin.db.rpc('mail_outbox_failures', { p_limit: 500 });
    expect(error).toBeNull();
    expect((data as Array<{ to: string }>).some((r) => r.to === rows[0]?.to)).toBe(true);
    const member = await actor('memberA');
    expect((await member.db.rpc('mail_outbox_failures', {})).error?.code).toBe('42501');
  });
});

describe("the outbox is the database functions' and the worker's only", () => {
  const actors: ActorName[] = ['anon', 'memberA', 'clientA', 'admin'];
  for (const name of actors) {
    it(`${name} can neither read, write nor work the outbox through the API`, async () => {
      const rows = await enqueue(`attack-${name}`, 1);
      const [row] = await outboxRows(rows);
      const { id } = (
        await db.query<{ id: string }>('select id from private.mail_outbox where idempotency_key = $1', [
          rows[0]?.key,
        ])
      ).rows[0] as { id: string };
      const a = await actor(name);
      expect((await a.db.from('mail_outbox').select('*')).error).not.toBeNull();
      expect((await a.db.schema('private').from('mail_outbox').select('*')).error).not.toBeNull();
      expect(
        (
          await a.db
            .from('mail_outbox')
            .insert({ idempotency_key: 'x', to: 'a@b.c', locale: 'en', kind: 'k' })
        ).error,
      ).not.toBeNull();
      const calls = [
        a.db.rpc('mail_outbox_claim', {
          p_worker: name,
          p_kinds: ['test.echo'],
          p_limit: 50,
          p_lease_seconds: 600,
        }),
        a.db.rpc('mail_outbox_sent', { p_id: id, p_message_id: '<forged@x>' }),
        a.db.rpc('mail_outbox_retry', {
          p_id: id,
          p_worker: name,
          p_error: 'x',
          p_base_seconds: 3600,
          p_max_attempts: 1,
        }),
        a.db.rpc('enqueue_mail', {
          p_key: `forged-${run}`,
          p_to: 'victim@example.org',
          p_locale: 'en',
          p_kind: 'test.echo',
        }),
        a.db.schema('private').rpc('enqueue_mail', {
          p_key: `forged-${run}`,
          p_to: 'victim@example.org',
          p_locale: 'en',
          p_kind: 'test.echo',
        }),
      ];
      for (const result of await Promise.all(calls)) expect(result.error).not.toBeNull();
      // The row is as it was: not claimed, not sent, not failed; nothing was forged.
      expect(await outboxRows(rows)).toEqual([row]);
      const forged = await db.query('select 1 from private.mail_outbox where idempotency_key = $1', [
        `forged-${run}`,
      ]);
      expect(forged.rowCount).toBe(0);
    });
  }
});

describe('a mail and its cause commit together', () => {
  const signUp = (email: string, origin = 'https://site.test') =>
    db.query(
      `select * from public.newsletter_sign_up_and_mail($1, 'Ann', 'Lee', 'de', 'footer', null, 'text', 'v', 'v', $2, '192.0.2.44', null)`,
      [email, origin],
    );
  const queued = async (to: string) =>
    (await db.query('select kind, locale from private.mail_outbox where "to" = $1', [to])).rows;

  it('a newsletter sign-up queues exactly its confirmation; one rolled back queues nothing', async () => {
    const email = `outbox-${run}-signup@example.org`;
    const { rows } = await signUp(email);
    expect(await queued(email)).toEqual([{ kind: 'newsletter.confirmation', locale: 'de' }]);
    // Once the stack's worker has sent it, the ledger records it with the key as Message-ID.
    const sentEvent = async () =>
      (
        await db.query(
          "select detail from public.newsletter_consents where email = $1 and event = 'confirmation_sent'",
          [email],
        )
      ).rows;
    await expect.poll(async () => (await sentEvent()).length, { timeout: 10_000 }).toBe(1);
    expect((await sentEvent())[0]?.detail).toMatchObject({
      outbox_key: rows[0]?.outbox_key,
      message_id: expect.stringMatching(new RegExp(`^<${rows[0]?.outbox_key}@`)),
      to: email,
    });

    const rolledBack = `outbox-${run}-rolled-back@example.org`;
    await db.query('begin');
    await signUp(rolledBack);
    await db.query('rollback');
    expect(await queued(rolledBack)).toEqual([]);
    // A refused sign-up (bad origin for the links) stores neither the person nor a mail.
    const refused = `outbox-${run}-refused@example.org`;
    await expect(signUp(refused, 'javascript:alert(1)')).rejects.toThrow(/origin/);
    expect(await queued(refused)).toEqual([]);
    expect(
      (await db.query('select 1 from public.newsletter_subscribers where email = $1', [refused])).rowCount,
    ).toBe(0);
  });

  it('a review link refused to a member queues no mail for the client', async () => {
    const member = await actor('memberA');
    const { error } = await member.db.rpc('send_review_link', {
      client_id: USERS.clientA.id,
      origin: 'https://site.test',
    });
    expect(error?.code).toBe('42501');
    const { rows } = await db.query(
      `select count(*)::int as links,
              (select count(*)::int from private.mail_outbox o
                 join public.preview_review_links l on o.idempotency_key = 'ta-review-link.' || l.id
                where l.created_by = $1) as mails
         from public.preview_review_links where created_by = $1`,
      [USERS.memberA.id],
    );
    expect(rows[0]).toEqual({ links: 0, mails: 0 });
  });
});
