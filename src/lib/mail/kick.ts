import { timingSafeEqual } from 'node:crypto';

/**
 * The kick after an endpoint queued mail: without it a mail waits for the outbox's next scheduled
 * run (up to a minute in production). The endpoint calls the kick after its transaction committed
 * and answers at once; the kick POSTs to the Netlify background function
 * netlify/functions/mail-outbox-background.mts (a background function answers 202 right away and
 * drains the outbox on its own), handing that request to the platform's `waitUntil` (Netlify's
 * Context, `Astro.locals.netlify.context` with @astrojs/netlify) so it may finish after the
 * response. The caller never awaits it and its failure is ignored: the scheduled run sends the mail
 * anyway. Disabled (a no-op) unless MAIL_KICK_SECRET and the site's URL (Netlify's URL, or
 * SITE_URL) are set: locally the stack's timer already reacts to every enqueue (LISTEN mail_outbox).
 */

export type WaitUntil = (promise: Promise<unknown>) => void;
export type MailKick = () => void;

/** The header that carries MAIL_KICK_SECRET to the background function. */
export const KICK_HEADER = 'x-mail-kick';
const KICK_PATH = '/.netlify/functions/mail-outbox-background';

type Env = Record<string, string | undefined>;

/** The request's waitUntil where the runtime offers one (@astrojs/netlify puts Netlify's Context in locals). */
export function waitUntilOf(locals: unknown): WaitUntil | undefined {
  const context = (locals as { netlify?: { context?: { waitUntil?: unknown } } } | null | undefined)?.netlify
    ?.context;
  const waitUntil = context?.waitUntil;
  return typeof waitUntil === 'function' ? (promise) => waitUntil.call(context, promise) : undefined;
}

export function mailKick(options: {
  env?: Env;
  waitUntil?: WaitUntil | undefined;
  fetchImpl?: typeof fetch;
}): MailKick {
  const env = options.env ?? process.env;
  const secret = env['MAIL_KICK_SECRET']?.trim();
  const base = (env['URL'] || env['SITE_URL'])?.trim().replace(/\/+$/, '');
  if (!secret || !base) return () => undefined;
  const fetchImpl = options.fetchImpl ?? fetch;
  return () => {
    let sent: Promise<unknown>;
    try {
      sent = fetchImpl(`${base}${KICK_PATH}`, {
        method: 'POST',
        headers: { [KICK_HEADER]: secret },
        signal: AbortSignal.timeout(5_000),
      }).then(
        (response) => response.body?.cancel(),
        () => undefined,
      );
    } catch {
      return;
    }
    const settled = sent.catch(() => undefined);
    try {
      options.waitUntil?.(settled);
    } catch {
      // A runtime that refuses the promise: the fetch still runs on its own.
    }
  };
}

/** The background function's gate: only a request carrying MAIL_KICK_SECRET starts a run. */
export function isKick(request: Request, env: Env = process.env): boolean {
  const secret = env['MAIL_KICK_SECRET']?.trim();
  const given = request.headers.get(KICK_HEADER) ?? '';
  if (!secret || request.method !== 'POST') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
