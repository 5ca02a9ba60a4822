import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../../src/lib/mail/layout.ts';
import { closeMailTransports, sendMail } from '../../src/lib/mail/send.ts';
import { type CapturedMail, captureMail, listMail, type MailServers, startMailServers } from './mail.ts';

let servers: MailServers;
let dataDir: string;
const previousSmtp = process.env['SMTP_URL'];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mail-capture-'));
  servers = await startMailServers({ dataDir, smtpPort: 0, inboxPort: 0 });
  process.env['SMTP_URL'] = servers.smtpUrl;
});
afterAll(async () => {
  closeMailTransports();
  if (previousSmtp === undefined) delete process.env['SMTP_URL'];
  else process.env['SMTP_URL'] = previousSmtp;
  await servers.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function inbox(to: string): Promise<CapturedMail[]> {
  const res = await fetch(`${servers.inboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as CapturedMail[];
}

describe('local mail capture', () => {
  it('captures a mail sent with sendMail over SMTP, with both parts, headers and links', async () => {
    const to = `cap-${Date.now()}@example.org`;
    const { html, text } = renderMail({
      lang: 'de',
      preheader: 'Bitte bestätigen',
      heading: 'Bestätige deine Anmeldung',
      paragraphs: ['Ein Klick & fertig <wirklich>.'],
      action: { label: 'Bestätigen', url: 'http://127.0.0.1:4321/de/newsletter/confirm?t=a&b=c' },
      footer: [{ label: 'Abmelden', url: 'http://127.0.0.1:4321/de/newsletter/unsubscribe?t=x' }],
    });
    await sendMail({
      to,
      subject: 'Bestätige deine Anmeldung',
      html,
      text,
      headers: {
        'List-Unsubscribe': '<http://127.0.0.1:4321/u>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const [mail, ...rest] = await inbox(to);
    expect(rest).toHaveLength(0);
    expect(mail?.subject).toBe('Bestätige deine Anmeldung');
    expect(mail?.html).toContain('lang="de"');
    expect(mail?.html).toContain('Ein Klick &amp; fertig &lt;wirklich&gt;.');
    expect(mail?.text).toContain('Bestätigen: http://127.0.0.1:4321/de/newsletter/confirm?t=a&b=c');
    expect(mail?.links[0]).toBe('http://127.0.0.1:4321/de/newsletter/confirm?t=a&b=c');
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers['list-unsubscribe']).toBe('<http://127.0.0.1:4321/u>');
  });

  it('the local auth confirmation mail goes through SMTP into the inbox, and the inbox shows it', async () => {
    const to = `auth-${Date.now()}@example.org`;
    await captureMail(dataDir, {
      to,
      subject: 'Confirm your signup',
      link: 'http://127.0.0.1:1/auth/v1/verify?token=t',
    });
    const [mail] = await inbox(to);
    expect(mail?.link).toBe('http://127.0.0.1:1/auth/v1/verify?token=t');
    const list = await (await fetch(`${servers.inboxUrl}/`)).text();
    expect(list).toContain(to);
    const page = await (await fetch(`${servers.inboxUrl}/m/${mail?.id}`)).text();
    expect(page).toContain('http://127.0.0.1:1/auth/v1/verify?token=t');
    const htmlPart = await fetch(`${servers.inboxUrl}/m/${mail?.id}/html`);
    expect(htmlPart.headers.get('content-security-policy')).toContain("script-src 'none'");
  });

  it('a mail is on disk when SMTP accepts it, and reads running side by side each see it once', async () => {
    const to = `race-${Date.now()}@example.org`;
    const sends = Array.from({ length: 5 }, (_, i) =>
      sendMail({ to, subject: `Race ${i}`, html: `<p>${i}</p>`, text: `mail ${i}` }),
    );
    await Promise.all(sends);
    // Accepted means stored: still unparsed (nobody read the inbox yet), but there.
    const stored = (await readdir(join(dataDir, 'mail'))).filter((f) => f.endsWith('.eml'));
    expect(stored.length).toBeGreaterThanOrEqual(5);
    // Reads started a few ms apart, so one lists a mail that another is parsing and storing.
    const reads = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new Promise((r) => setTimeout(r, i)).then(() => listMail(dataDir)),
      ),
    );
    for (const mails of reads) {
      expect(
        mails
          .filter((m) => m.to === to)
          .map((m) => m.subject)
          .sort(),
      ).toEqual(Array.from({ length: 5 }, (_, i) => `Race ${i}`));
    }
    expect((await readdir(join(dataDir, 'mail'))).filter((f) => !f.endsWith('.json'))).toEqual([]);
  });

  it('a mail over the size limit is refused, not stored', async () => {
    const to = `big-${Date.now()}@example.org`;
    const big = 'x'.repeat(6 * 1024 * 1024);
    await expect(sendMail({ to, subject: 'Too big', html: '', text: big })).rejects.toThrow(/552|size/i);
    expect(await inbox(to)).toEqual([]);
  });

  it('an unknown data directory has no capture: auth mail fails loudly instead of vanishing', async () => {
    await expect(captureMail('/nonexistent', { to: 'a@b.c', subject: 's', link: 'l' })).rejects.toThrow(
      /no local mail capture/,
    );
  });
});
