import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
  const seen = await seenMessageIds(dir);
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'local mail capture',
    size: 5 * 1024 * 1024,
    logger: false,
    // No reverse DNS of 127.0.0.1 per connection (up to 1.5 s each; 0.8 s measured here): every
    // local auth mail opens a connection of its own.
    disableReverseLookup: true,
    // Senders keep pooled connections open; do not hold the stack's shutdown for them.
    closeTimeout: 1000,
    // Accepted once the raw message is on disk, as an MTA queues before it delivers; parsing
    // (mailparser, the costly part) waits until the inbox is read. Parsing before the reply made
    // every SMTP transaction wait for it on the stack's busy event loop: with 5 pooled
    // connections, 200 sign-ups took 13 s longer than with a fake sender (npm run bench:newsletter).
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('error', (error: Error) => callback(error));
      stream.once('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 }));
          return;
        }
        // A repeat Message-ID is the same mail sent again (the outbox resends after a crash
        // between send and mark): accepted and dropped, as providers dedupe by idempotency key.
        const messageId = messageIdOf(chunks);
        if (messageId && seen.has(messageId)) {
          callback();
          return;
        }
        if (messageId) seen.add(messageId);
        const sentAt = new Date().toISOString();
        const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
        const envelope: Envelope = {
          sentAt,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        const raw = Buffer.concat([Buffer.from(`${JSON.stringify(envelope)}\n`), ...chunks]);
        // Written whole, then renamed: an inbox read never parses half a mail.
        const temp = join(dir, `${id}${RAW}.tmp`);
        writeFile(temp, raw)
          .then(() => rename(temp, join(dir, `${id}${RAW}`)))
          .then(() => callback(), callback);
      });
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

/** The Message-ID header of a raw mail (in its header block), lower-cased; undefined without one. */
function messageIdOf(chunks: Buffer[]): string | undefined {
  const head = Buffer.concat(chunks)
    .subarray(0, 64 * 1024)
    .toString('utf8');
  const headers = head.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return /^message-id:\s*(<[^>\r\n]+>)/im.exec(headers)?.[1]?.toLowerCase();
}

/** The Message-IDs already in the capture (a restarted stack keeps its inbox and its dedupe). */
async function seenMessageIds(dir: string): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const name of await readdir(dir)) {
    if (!name.endsWith(RAW)) continue;
    const raw = await readFile(join(dir, name)).catch(() => undefined);
    const id = raw && messageIdOf([raw]);
    if (id) seen.add(id);
  }
  return seen;
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
  mail: { to: string; subject: string; link?: string; code?: string; codeLabel?: string },
): Promise<void> {
  const codeLabel = mail.codeLabel ?? 'Alternatively, enter the code';
  const smtpUrl = captures.get(dataDir);
  if (!smtpUrl) throw new Error(`no local mail capture is running for ${dataDir}`);
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail({
      from: 'Inner Circle <no-reply@localhost>',
      to: mail.to,
      subject: mail.subject,
      // GoTrue's default templates: the link, and the code for verifyOtp({ email, token, type }).
      text: [mail.subject, mail.link, mail.code && `${codeLabel}: ${mail.code}`]
        .filter(Boolean)
        .join('\n\n')
        .concat('\n'),
      html: [
        `<p>${mail.subject}</p>`,
        mail.link &&
          `<p><a href="${mail.link.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">${mail.subject}</a></p>`,
        mail.code && `<p>${codeLabel}: <code>${mail.code}</code></p>`,
      ]
        .filter(Boolean)
        .join(''),
    });
  } finally {
    transport.close();
  }
}

type Envelope = { sentAt: string; from: string; to: string[] };
/** A received, not yet parsed mail: one line of envelope JSON, then the message as received. */
const RAW = '.eml';

/** Parses a received mail (`<id>.eml`) into what the inbox shows. */
async function parseReceived(id: string, file: Buffer): Promise<CapturedMail> {
  const newline = file.indexOf(10);
  const envelope = JSON.parse(file.subarray(0, newline).toString('utf8')) as Envelope;
  const parsed = await simpleParser(file.subarray(newline + 1));
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const text = parsed.text ?? '';
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines)
    headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
  const links = extractLinks(html, text);
  return {
    id,
    from: parsed.from?.text ?? envelope.from,
    to: envelope.to.join(', '),
    subject: parsed.subject ?? '',
    sentAt: envelope.sentAt,
    html,
    text,
    headers,
    links,
    link: links[0] ?? '',
  };
}

/** Every captured mail, newest first (mails received since the last read are parsed now). */
export async function listMail(dataDir: string): Promise<CapturedMail[]> {
  const dir = mailDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = new Set(names.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)));
  const received = names.filter((f) => f.endsWith(RAW)).map((f) => f.slice(0, -RAW.length));
  const mails = await Promise.all(
    [...new Set([...ids, ...received])].sort().map(async (id) => {
      const parsedFile = join(dir, `${id}.json`);
      const readParsed = async () => JSON.parse(await readFile(parsedFile, 'utf8')) as CapturedMail;
      try {
        if (ids.has(id)) return await readParsed();
        let file: Buffer;
        try {
          file = await readFile(join(dir, `${id}${RAW}`));
        } catch {
          return await readParsed(); // a parallel read parsed it meanwhile
        }
        const mail = await parseReceived(id, file);
        // Kept parsed (written whole, then renamed), so no read parses it again or sees half of it.
        const temp = `${parsedFile}.${randomUUID().slice(0, 8)}.tmp`;
        await writeFile(temp, JSON.stringify(mail));
        await rename(temp, parsedFile);
        await rm(join(dir, `${id}${RAW}`), { force: true });
        return mail;
      } catch {
        return null; // removed meanwhile (DELETE /api/messages) or not a mail
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
