import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { drainOutbox, type MailTemplates, supabaseOutboxStore } from '../../src/lib/mail/outbox.ts';
import { closeMailTransports } from '../../src/lib/mail/send.ts';
import { startMailTimer } from '../../supabase/local/mail-timer.ts';
import { url } from './helpers.ts';

/**
 * Mail written by a database trigger or function (no endpoint to kick the worker) goes out at once:
 * - locally the worker LISTENs on `mail_outbox`, which private.enqueue_mail NOTIFYs on commit, so
 *   the mail arrives long before the timer's next run;
 * - in production a statement trigger on the outbox asks pg_net to POST to the Netlify background
 *   function with MAIL_KICK_SECRET (both from Supabase Vault), when both are installed; without
 *   them (this stack) it does nothing. Its contract is checked against stand-ins for `net` and
 *   `vault` created and dropped inside one rolled-back transaction.
 * Rows of the kind `test.kick` are rendered only by this file's worker.
 */

let db: pg.Client;
const run = randomUUID().slice(0, 8);
const templates: MailTemplates = {
  'test.kick': (row) => ({
    subject: `Kick ${String(row.payload['n'])}`,
    html: '<p>Kick</p>',
    text: 'Kick',
  }),
};
const quiet = { error: () => undefined, info: () => undefined };

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(async () => {
  closeMailTransports();
  await db.end();
});

const inbox = async (to: string) =>
  (
    (await (
      await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`)
    ).json()) as unknown[]
  ).length;

describe('a mail enqueued in a transaction wakes the local worker', () => {
  it('arrives in well under the timer interval (LISTEN mail_outbox, NOTIFY on commit)', async () => {
    const store = supabaseOutboxStore(url(), inject('supabaseServiceKey'));
    let runs = 0;
    const stop = await startMailTimer({
      url: url(),
      serviceKey: inject('supabaseServiceKey'),
      dbUrl: inject('supabaseDbUrl'),
      smtpUrl: inject('smtpUrl'),
      // The timer alone would send it two minutes later.
      intervalMs: 120_000,
      drain: (options) => {
        runs++;
        return drainOutbox({
          store,
          templates,
          worker: `kick-${run}`,
          supabaseUrl: url(),
          env: { SMTP_URL: inject('smtpUrl'), MAIL_FROM: 'Kick Test <kick@example.org>' },
          log: quiet,
          budgetMs: options.budgetMs,
        });
      },
    });
    try {
      await expect.poll(() => runs).toBeGreaterThan(0); // the run at start
      await new Promise((resolve) => setTimeout(resolve, 300));
      const to = `kick-${run}@example.org`;
      // As a trigger writes it: in the transaction of its cause, sent only after the commit.
      await db.query('begin');
      await db.query(`select private.enqueue_mail($1, $2, 'en', 'test.kick', $3)`, [
        `test-kick-${run}`,
        to,
        JSON.stringify({ n: 1, origin: 'https://site.test' }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await inbox(to)).toBe(0);
      const committed = performance.now();
      await db.query('commit');
      // Well under the interval, with room for a loaded machine (typically ~0.1 s).
      await expect.poll(() => inbox(to), { timeout: 15_000, interval: 50 }).toBe(1);
      expect(performance.now() - committed).toBeLessThan(15_000);
    } finally {
      await stop();
    }
  }, 60_000);
});

describe('the production kick (pg_net + Vault), when installed', () => {
  it('posts once per transaction to the configured background function with the secret; nothing without them', async () => {
    await db.query('begin');
    try {
      // Without net and vault (this stack): enqueueing works and kicks nothing.
      await db.query(`select private.enqueue_mail($1, 'nobody@example.org', 'en', 'test.kick', '{}')`, [
        `test-kick-none-${run}`,
      ]);
      await db.query(`
        create schema net;
        create table net.calls (url text, headers jsonb, body jsonb, timeout_milliseconds integer);
        create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
          headers jsonb default '{}', timeout_milliseconds integer default 5000) returns bigint
        language sql security definer as $$ insert into net.calls values (url, headers, body, timeout_milliseconds) returning 1::bigint $$;
        create schema vault;
        create table vault.decrypted_secrets (name text, decrypted_secret text);
        -- As on Supabase: the database owner uses net and reads the decrypted secrets.
        do $$ declare owner text := (select proowner::regrole::text from pg_proc
                                       where oid = 'private.mail_outbox_kick'::regproc);
        begin
          execute format('grant usage on schema net, vault to %I; grant select on vault.decrypted_secrets to %I', owner, owner);
        end $$;
      `);
      await db.query(`select private.enqueue_mail($1, 'nobody@example.org', 'en', 'test.kick', '{}')`, [
        `test-kick-unset-${run}`,
      ]);
      expect((await db.query('select * from net.calls')).rowCount).toBe(0);
      await db.query(`insert into vault.decrypted_secrets values
        ('mail_kick_url', 'https://site.test/.netlify/functions/mail-outbox-background'),
        ('mail_kick_secret', 'kick-secret')`);
      // Three mails in one transaction: one kick.
      await db.query(
        `select private.enqueue_mail('test-kick-' || g || '-${run}', 'nobody@example.org', 'en', 'test.kick', '{}')
           from generate_series(1, 3) g`,
      );
      const calls = (await db.query('select url, headers from net.calls')).rows;
      expect(calls).toEqual([
        {
          url: 'https://site.test/.netlify/functions/mail-outbox-background',
          headers: { 'x-mail-kick': 'kick-secret' },
        },
      ]);
    } finally {
      await db.query('rollback');
    }
  });
});
