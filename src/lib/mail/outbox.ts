import { createClient } from '@supabase/supabase-js';
import { mailSettings, type OutgoingMail, sendMail } from './send.ts';

/**
 * The mail outbox worker (issue 22, point 4). Rows are written by database functions in the
 * transaction of their cause (private.enqueue_mail); this claims a batch (FOR UPDATE SKIP LOCKED
 * plus a lease), renders each row with the template of its kind, sends it over SMTP with the
 * idempotency key as Message-ID, and marks it sent, or leaves it to a retry with exponential
 * backoff and jitter (after maxAttempts: failed, logged, listed by public.mail_outbox_failures).
 *
 * Delivery: at least once at SMTP, exactly once by Message-ID. The window is the time between
 * the SMTP server's "250 OK" and the mark (one RPC): a worker killed there leaves a leased row
 * that the next worker sends again, with the same Message-ID, which a receiving system (and the
 * local capture) recognises as the same mail.
 *
 * Credentials: the service role (SUPABASE_SERVICE_ROLE_KEY), the only role granted
 * mail_outbox_claim / _sent / _retry; the table itself is in the unexposed `private` schema.
 */

type OutboxRow = {
  id: string;
  idempotency_key: string;
  to: string;
  locale: 'nl' | 'en' | 'de';
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
};

/** What a template gets besides its row: the origin links point to, and the server's settings. */
type TemplateContext = {
  origin: string;
  /** The Supabase project the rows come from (review links are signed for it). */
  supabaseUrl: string;
  env: Record<string, string | undefined>;
};
/** Kind -> the mail for one row (its `to` and Message-ID are set by the worker). */
export type MailTemplates = Record<
  string,
  (row: OutboxRow, context: TemplateContext) => Omit<OutgoingMail, 'to'>
>;

/** The worker's three database calls (service role only). */
export type OutboxStore = {
  claim(worker: string, kinds: string[], limit: number, leaseSeconds: number): Promise<OutboxRow[]>;
  sent(id: string, messageId: string): Promise<void>;
  retry(
    id: string,
    worker: string,
    error: string,
    baseSeconds: number,
    maxAttempts: number,
  ): Promise<'retry' | 'failed' | 'stale'>;
};

export type DrainOptions = {
  store: OutboxStore;
  supabaseUrl: string;
  templates: MailTemplates;
  /** Who claims (logged, and the only one allowed to schedule a retry of its rows). */
  worker: string;
  env?: Record<string, string | undefined>;
  send?: (mail: OutgoingMail) => Promise<{ messageId: string }>;
  /** Rows per claim (default 25); the worker claims again until nothing is due or time is up. */
  batch?: number;
  leaseSeconds?: number;
  /** Backoff base: retry n waits base * 2^(n-1) s times a jitter factor in [0.5, 1). */
  backoffBaseSeconds?: number;
  maxAttempts?: number;
  /** Stop claiming after this long (a scheduled function has a time limit). */
  budgetMs?: number;
  log?: Pick<Console, 'error' | 'info'>;
};

export type DrainResult = { sent: number; retried: number; failed: number };

/** `<idempotency-key@sender's domain>`: the same key always gives the same Message-ID. */
function outboxMessageId(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${key}@${domain}>`;
}

/**
 * The origin of links in a mail: the worker's configured SITE_URL (or Netlify's URL) when it has
 * one, so a row can never point elsewhere; else the origin the enqueuing server wrote into the row
 * (the local stack's worker, which serves several sites, has no SITE_URL of its own).
 */
function originFor(row: OutboxRow, env: Record<string, string | undefined>): string | undefined {
  const configured = env['SITE_URL'] || env['URL'];
  const value = configured || (typeof row.payload['origin'] === 'string' ? row.payload['origin'] : '');
  return value && URL.canParse(value) ? new URL(value).origin : undefined;
}

/** Sends every due mail of the known kinds, batch by batch, until none is due or the budget ends. */
export async function drainOutbox(options: DrainOptions): Promise<DrainResult> {
  const env = options.env ?? process.env;
  const send = options.send ?? ((mail: OutgoingMail) => sendMail(mail, env));
  const log = options.log ?? console;
  const batch = options.batch ?? 25;
  const kinds = Object.keys(options.templates);
  const deadline = Date.now() + (options.budgetMs ?? 45_000);
  const { from } = mailSettings(env);
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };

  const fail = async (row: OutboxRow, error: unknown) => {
    const message = String((error as Error)?.message ?? error).slice(0, 1000);
    let outcome: 'retry' | 'failed' | 'stale';
    try {
      outcome = await options.store.retry(
        row.id,
        options.worker,
        message,
        options.backoffBaseSeconds ?? 30,
        options.maxAttempts ?? 8,
      );
    } catch (retryError) {
      // The lease runs out and the row is due again: nothing is lost.
      log.error(
        `mail-outbox: could not schedule a retry of ${row.idempotency_key}: ${(retryError as Error).message}`,
      );
      return;
    }
    if (outcome === 'failed') {
      result.failed++;
      log.error(
        `mail-outbox: gave up on ${row.kind} to ${row.to} after ${row.attempts} attempts: ${message}`,
      );
    } else if (outcome === 'retry') {
      result.retried++;
      log.info(
        `mail-outbox: ${row.kind} to ${row.to} failed (attempt ${row.attempts}), retried later: ${message}`,
      );
    }
  };

  while (Date.now() < deadline) {
    const rows = await options.store.claim(options.worker, kinds, batch, options.leaseSeconds ?? 120);
    if (rows.length === 0) break;
    await Promise.all(
      rows.map(async (row) => {
        let mail: OutgoingMail;
        try {
          const origin = originFor(row, env);
          const template = options.templates[row.kind];
          if (!template || !origin) throw new Error(`no template or origin for ${row.kind}`);
          mail = {
            ...template(row, { origin, env, supabaseUrl: options.supabaseUrl }),
            to: row.to,
            messageId: outboxMessageId(row.idempotency_key, from),
          };
        } catch (error) {
          return fail(row, error);
        }
        let messageId: string;
        try {
          ({ messageId } = await send(mail));
        } catch (error) {
          return fail(row, error);
        }
        result.sent++;
        try {
          await options.store.sent(row.id, messageId || (mail.messageId ?? ''));
        } catch (error) {
          // Sent but not marked: the lease runs out and the next worker sends it again with the
          // same Message-ID (the one window of "at least once").
          log.error(
            `mail-outbox: sent ${row.idempotency_key} but could not mark it: ${(error as Error).message}`,
          );
        }
      }),
    );
    if (rows.length < batch) break;
  }
  return result;
}

type Rpc = { data: unknown; error: { message: string } | null };

/** The store over PostgREST with the service role key (production, the local timer, tests). */
export function supabaseOutboxStore(url: string, serviceKey: string): OutboxStore {
  const db = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const call = async (fn: string, args: Record<string, unknown>): Promise<unknown> => {
    const { data, error } = (await db.rpc(fn, args)) as Rpc;
    if (error) throw new Error(`${fn}: ${error.message}`);
    return data;
  };
  return {
    async claim(worker, kinds, limit, leaseSeconds) {
      const rows = await call('mail_outbox_claim', {
        p_worker: worker,
        p_kinds: kinds,
        p_limit: limit,
        p_lease_seconds: leaseSeconds,
      });
      return (rows ?? []) as OutboxRow[];
    },
    async sent(id, messageId) {
      await call('mail_outbox_sent', { p_id: id, p_message_id: messageId });
    },
    async retry(id, worker, error, baseSeconds, maxAttempts) {
      return (await call('mail_outbox_retry', {
        p_id: id,
        p_worker: worker,
        p_error: error,
        p_base_seconds: baseSeconds,
        p_max_attempts: maxAttempts,
      })) as 'retry' | 'failed' | 'stale';
    },
  };
}
