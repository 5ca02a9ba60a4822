import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { url } from './helpers.ts';

/** Shared by the auth-flows tests: the inbox, the codes in the mails, raw GoTrue calls, the database. */
export type Mail = { subject: string; text: string; links: string[]; to: string };

export const newEmail = () => `af-${randomUUID().slice(0, 12)}@example.com`;

/** sha224(email + code) as hex: GoTrue's crypto.GenerateTokenHash (internal/crypto/crypto.go:45). */
export const tokenHash = (email: string, code: string) =>
  createHash('sha224')
    .update(email + code)
    .digest('hex');

async function inbox(to: string): Promise<Mail[]> {
  const res = await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
}

/** Waits for the `n`-th mail to `to` whose subject contains `subject`; returns it (newest first list). */
export async function nthMail(to: string, subject: string, n = 1, timeoutMs = 10_000): Promise<Mail> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const found = (await inbox(to)).filter((m) => m.subject.includes(subject));
    if (found.length >= n) return found[found.length - n] as Mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail #${n} "${subject}" to ${to}`);
}

export const countMails = async (to: string) => (await inbox(to)).length;

/** The recovery mail's subject for a member without a language of their own (private.mail_locale: Dutch). */
export const RECOVERY_SUBJECT = 'Stel een nieuw wachtwoord in';

/** The 6-digit code on its own line ("Alternatively, enter the code: 123456", or translated). */
export function codeOf(mail: Mail): string {
  const code = /^[^\n]*: (\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

export function verifyLinkOf(mail: Mail, type: string): URL {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify?') && l.includes(`type=${type}`));
  if (!link) throw new Error(`no ${type} link in "${mail.subject}"`);
  return new URL(link);
}

/** A raw GoTrue call with the anon key, as supabase-js would send it: status and parsed body. */
export async function gotrue(
  path: string,
  body: unknown,
  { method = 'POST', key = inject('supabaseAnonKey') }: { method?: string; key?: string } = {},
) {
  const res = await fetch(`${url()}/auth/v1${path}`, {
    method,
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: method === 'GET' ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

let db: pg.Client | undefined;
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  if (!db) {
    db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
    await db.connect();
  }
  return (await db.query<T>(text, values)).rows;
}
export const closeDb = async () => {
  await db?.end();
  db = undefined;
};
