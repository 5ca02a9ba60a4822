import nodemailer, { type Transporter } from 'nodemailer';

/** One outgoing mail: both parts are always sent (HTML for clients, text for everyone else). */
export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
  /** The Message-ID, e.g. `<key@host>` (the outbox sets its idempotency key); else nodemailer makes one. */
  messageId?: string;
};

/** The local stack's SMTP capture (gateway port + 4), used when SMTP_URL is not set. */
const LOCAL_SMTP_URL = 'smtp://127.0.0.1:54325';

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // Pooled: a burst of sign-ups reuses a few connections instead of one per mail.
    transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    transports.set(url, transport);
  }
  return transport;
}

/** Server-side settings, read at call time so the same build runs anywhere. */
export function mailSettings(env: Record<string, string | undefined> = process.env): {
  smtpUrl: string;
  from: string;
} {
  return {
    smtpUrl: env['SMTP_URL'] || LOCAL_SMTP_URL,
    from: env['MAIL_FROM'] || 'Inner Circle <no-reply@innercircle.local>',
  };
}

/**
 * Sends one mail over SMTP (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465`; locally the
 * stack's capture). Throws when the server refuses it, so the caller can record the failure.
 */
export async function sendMail(
  mail: OutgoingMail,
  env: Record<string, string | undefined> = process.env,
): Promise<{ messageId: string }> {
  const { smtpUrl, from } = mailSettings(env);
  const info = await transportFor(smtpUrl).sendMail({
    from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
  });
  return { messageId: String(info.messageId ?? '') };
}

/** Closes pooled SMTP connections (tests, benchmarks and scripts that exit). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
