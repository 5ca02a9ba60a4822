import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONSENT_VERSION } from '../../src/features/newsletter/consent.ts';
import { closeMailTransports } from '../../src/lib/mail/send.ts';
import { actor, USERS, uid, url } from './helpers.ts';

/**
 * Issue 25, class 4: mails only point home. The real routes of src/pages/api get requests whose
 * Host and X-Forwarded-Host name an attacker's site; the genuine mail they send (read back from
 * the stack's inbox) must carry every link, and so every token, on the configured SITE_URL only.
 */
const HOME = 'http://127.0.0.1:4999';
const EVIL = 'evil.example';

type Captured = {
  subject: string;
  links: string[];
  html: string;
  text: string;
  headers: Record<string, string>;
};
async function inbox(to: string): Promise<Captured[]> {
  const res = await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Captured[];
}
async function mailTo(to: string): Promise<Captured> {
  await expect.poll(async () => (await inbox(to)).length, { timeout: 10_000 }).toBe(1);
  return (await inbox(to))[0] as Captured;
}

/** Every absolute http(s) URL in a mail: links, text part, headers (List-Unsubscribe). */
function urlsIn(mail: Captured): string[] {
  const all = [mail.html, mail.text, ...Object.values(mail.headers), ...mail.links].join('\n');
  return [...all.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
}

type Route = (context: { request: Request; url: URL; clientAddress: string }) => Promise<Response> | Response;
let newsletter: Route;
let reviewLink: Route;

beforeAll(async () => {
  // What the node server is given at run time (scripts/start.ts, scripts/e2e-server.ts).
  process.env['SITE_URL'] = HOME;
  process.env['PUBLIC_SUPABASE_URL'] = url();
  process.env['SUPABASE_SERVICE_ROLE_KEY'] = inject('supabaseServiceKey');
  process.env['SMTP_URL'] = inject('smtpUrl');
  newsletter = ((await import('../../src/pages/api/newsletter.ts')) as unknown as { POST: Route }).POST;
  reviewLink = (
    (await import('../../src/pages/api/timeline-alchemy/review-link.ts')) as unknown as {
      POST: Route;
    }
  ).POST;
});
afterAll(() => closeMailTransports());

/** A request as the node server builds it from forged headers: request.url carries the host. */
function forged(path: string, headers: Record<string, string>, body: unknown, forwarded: boolean) {
  const request = new Request(`http://${EVIL}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: `http://${EVIL}`,
      ...(forwarded ? { host: '127.0.0.1:4999', 'x-forwarded-host': EVIL } : { host: EVIL }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { request, url: new URL(request.url), clientAddress: '198.51.100.25' };
}

describe('mail links come from SITE_URL, never from Host or X-Forwarded-Host', () => {
  for (const forwarded of [false, true]) {
    const header = forwarded ? 'X-Forwarded-Host' : 'Host';

    it(`newsletter sign-up with ${header}: ${EVIL}`, async () => {
      const email = `nl-host-${uid().slice(0, 8)}@example.org`;
      const res = await newsletter(
        forged(
          '/api/newsletter',
          {},
          {
            email,
            firstName: 'Eve',
            lastName: 'Host',
            consent: true,
            language: 'en',
            source: 'footer',
            consentVersion: CONSENT_VERSION,
          },
          forwarded,
        ),
      );
      expect(res.status).toBe(202);
      const urls = urlsIn(await mailTo(email));
      expect(urls.some((u) => u.startsWith(`${HOME}/en/newsletter/confirm?token=`))).toBe(true);
      expect(urls.filter((u) => !u.startsWith(`${HOME}/`))).toEqual([]);
      expect((await mailTo(email)).html).not.toContain(EVIL);
    });

    it(`review link mailed by an admin with ${header}: ${EVIL}`, async () => {
      const before = (await inbox(USERS.clientA.email)).length;
      const jwt = (await (await actor('admin')).db.auth.getSession()).data.session?.access_token ?? '';
      const res = await reviewLink(
        forged(
          '/api/timeline-alchemy/review-link',
          { authorization: `Bearer ${jwt}` },
          { clientId: USERS.clientA.id },
          forwarded,
        ),
      );
      expect(res.status).toBe(200);
      // Other files' work mails this client too (notifications of new previews): find the review
      // link's mail among the new ones (the inbox lists the newest first) rather than taking one.
      const isReviewLink = (u: string) =>
        /^\/(en\/|de\/)?timeline-alchemy\/review#token=/.test(u.slice(HOME.length));
      const reviewMail = async () => {
        const mails = await inbox(USERS.clientA.email);
        return mails.slice(0, mails.length - before).find((m) => urlsIn(m).some(isReviewLink));
      };
      await expect.poll(async () => (await reviewMail()) !== undefined, { timeout: 20_000 }).toBe(true);
      const mail = (await reviewMail()) as Captured;
      const urls = urlsIn(mail);
      // The page in the client's language (ta-review-link-route.test.ts), on the configured origin.
      expect(urls.some(isReviewLink)).toBe(true);
      expect(urls.filter((u) => !u.startsWith(`${HOME}/`))).toEqual([]);
    });
  }
});
