import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { startInbox } from './mail-inbox.ts';

/** One captured mail as the inbox and its JSON API (`GET /api/messages`) show it. */
export type CapturedMail = {
  id: string;
  from: string;
  to: string;
  subject: string;
  sentAt: string;
  html: string;
  text: string;
  /** Lower-cased header name -> value, for headers a test may check (List-Unsubscribe, ...). */
  headers: Record<string, string>;
  /** Every http(s) link in the mail, in order (HTML hrefs first, then links in the text). */
  links: string[];
  /** The first link, as the old JSON files had it. */
  link: string;
};

export type MailServers = { smtpUrl: string; inboxUrl: string; stop: () => Promise<void> };

const mailDir = (dataDir: string) => join(dataDir, 'mail');
/** dataDir -> SMTP URL of the capture serving it, so the local auth can send through it. */
const captures = new Map<string, string>();

/**
 * The local stand-in for a mail provider: an SMTP server that accepts every mail (no auth, no
 * relay) and stores it under `<dataDir>/mail`, plus a web inbox (list, open, follow links) and its
 * JSON API. Nothing leaves this machine.
 */
export async function startMailServers(options: {
  dataDir: string;
  smtpPort: number;
  inboxPort: number;
}): Promise<MailServers> {
  const dir = mailDir(options.dataDir);
  await mkdir(dir, { recursive: true });
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'local mail capture',
    size: 5 * 1024 * 1024,
    logger: false,
    // Senders keep pooled connections open; do not hold the stack's shutdown for them.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const recipients = session.envelope.rcptTo.map((r) => r.address);
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const text = parsed.text ?? '';
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) {
            headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
          }
          const links = extractLinks(html, text);
          const sentAt = new Date().toISOString();
          const mail: CapturedMail = {
            id: `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`,
            from: parsed.from?.text ?? session.envelope.mailFrom?.toString() ?? '',
            to: recipients.join(', '),
            subject: parsed.subject ?? '',
            sentAt,
            html,
            text,
            headers,
            links,
            link: links[0] ?? '',
          };
          await writeFile(join(dir, `${mail.id}.json`), JSON.stringify(mail));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort, '127.0.0.1', () => resolve());
  });
  smtp.on('error', (error: Error) => console.error('[local mail] SMTP error:', error.message));
  const inbox = await startInbox({ port: options.inboxPort, dataDir: options.dataDir });
  const address = smtp.server.address();
  const smtpPort = typeof address === 'object' && address ? address.port : options.smtpPort;
  const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
  captures.set(options.dataDir, smtpUrl);
  return {
    smtpUrl,
    inboxUrl: inbox.url,
    stop: async () => {
      captures.delete(options.dataDir);
      await inbox.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

function extractLinks(html: string, text: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(/href="(https?:\/\/[^"]+)"/g)) links.push(unescapeHtml(m[1] ?? ''));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) links.push(m[0]);
  return [...new Set(links)];
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/**
 * Sends a local auth mail through the SMTP capture of this data directory (started with the
 * stack), so it shows in the inbox like every other mail.
 */
export async function captureMail(
  dataDir: string,
  mail: { to: string; subject: string; link: string },
): Promise<void> {
  const smtpUrl = captures.get(dataDir);
  if (!smtpUrl) throw new Error(`no local mail capture is running for ${dataDir}`);
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail({
      from: 'Inner Circle <no-reply@localhost>',
      to: mail.to,
      subject: mail.subject,
      text: `${mail.subject}\n\n${mail.link}\n`,
      html: `<p>${mail.subject}</p><p><a href="${mail.link.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">${mail.subject}</a></p>`,
    });
  } finally {
    transport.close();
  }
}

/** Every captured mail, newest first. */
export async function listMail(dataDir: string): Promise<CapturedMail[]> {
  const dir = mailDir(dataDir);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  const mails = await Promise.all(
    files.sort().map(async (f) => {
      try {
        return JSON.parse(await readFile(join(dir, f), 'utf8')) as CapturedMail;
      } catch {
        return null;
      }
    }),
  );
  return mails.filter((m): m is CapturedMail => m !== null).reverse();
}

/** Empties the inbox (`DELETE /api/messages`). */
export async function clearMail(dataDir: string): Promise<void> {
  const dir = mailDir(dataDir);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}
