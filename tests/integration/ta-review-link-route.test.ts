import { afterAll, describe, expect, inject, it } from 'vitest';
import { handleReviewLink } from '../../src/features/timeline-alchemy/review/link-handler.ts';
import { handleReview } from '../../src/features/timeline-alchemy/review/review-handler.ts';
import { LOCAL_REVIEW_LINK_SECRET } from '../../src/features/timeline-alchemy/review/signed-link.ts';
import { closeDb, sql } from './auth-flows-kit.ts';
import { actor, USERS, url } from './helpers.ts';

/**
 * POST /api/timeline-alchemy/review-link: the admin's JWT decides; the link and its mail are
 * written in one transaction (public.send_review_link) and the stack's outbox worker sends the
 * mail, which carries a working signed link.
 */

type Captured = { subject: string; text: string; headers: Record<string, string> };
async function inbox(to: string): Promise<Captured[]> {
  const res = await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Captured[];
}

async function jwtOf(name: 'admin' | 'memberA' | 'clientA') {
  const { data } = await (await actor(name)).db.auth.getSession();
  return data.session?.access_token ?? '';
}

function post(body: unknown, jwt?: string) {
  return new Request('http://site.test/api/timeline-alchemy/review-link', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: JSON.stringify(body),
  });
}

afterAll(closeDb);

/** The client's own mail language, as set_my_mail_locale stores it (the client chooses it on /account). */
const clientSpeaks = (id: string, locale: 'nl' | 'en' | 'de') =>
  sql(
    `insert into public.account_settings (profile_id, mail_locale) values ($1, $2)
     on conflict (profile_id) do update set mail_locale = excluded.mail_locale`,
    [id, locale],
  );

describe('review link route', () => {
  const deps = (mail?: boolean) => ({
    url: url(),
    anonKey: inject('supabaseAnonKey'),
    origin: 'https://site.test',
    secret: LOCAL_REVIEW_LINK_SECRET,
    ...(mail === undefined ? {} : { mail }),
  });

  it('mails the client a link in the CLIENT’s language, whatever the admin’s screen says', async () => {
    // Bram reads English: an admin on a German screen (an old client's `lang`) changes nothing.
    await clientSpeaks(USERS.clientB.id, 'en');
    const seen = new Set((await inbox('bram@example.com')).map((m) => m.headers['message-id']));
    const english = await handleReviewLink(
      post({ clientId: USERS.clientB.id, lang: 'de' }, await jwtOf('admin')),
      deps(),
    );
    expect(english.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await inbox('bram@example.com')).filter((m) => !seen.has(m.headers['message-id'])).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    const [mailEn] = (await inbox('bram@example.com')).filter((m) => !seen.has(m.headers['message-id']));
    expect(mailEn?.subject).toBe('Your previews are ready for review');
    expect(mailEn?.text).toContain('https://site.test/en/timeline-alchemy/review#token=');
  });

  it('mails the client a link in their language that opens their previews', async () => {
    await clientSpeaks(USERS.clientB.id, 'de');
    const before = new Set((await inbox('bram@example.com')).map((m) => m.headers['message-id']));
    const res = await handleReviewLink(
      post({ clientId: USERS.clientB.id, lang: 'nl' }, await jwtOf('admin')),
      deps(),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sent: true });
    const fresh = async () =>
      (await inbox('bram@example.com')).filter((m) => !before.has(m.headers['message-id']));
    await expect.poll(async () => (await fresh()).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await fresh();
    expect(mail?.subject).toBe('Deine Vorschauen sind bereit zur Prüfung');
    // The outbox's idempotency key is the Message-ID.
    expect(mail?.headers['message-id']).toMatch(/^<ta-review-link\.[0-9a-f-]{36}@/);
    const token = /#token=([\w.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(mail?.text).toContain('https://site.test/de/timeline-alchemy/review#token=');
    // A signed token: link id, expiry, random part, signature.
    expect(token.split('.')).toHaveLength(4);
    const opened = await handleReview(
      new Request('https://site.test/api/timeline-alchemy/review', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'open', token }),
      }),
      { url: url(), anonKey: inject('supabaseAnonKey'), secret: LOCAL_REVIEW_LINK_SECRET },
    );
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { client: { name: string } }).client.name).toBe('Bram Peters');
  });

  it('refuses members, clients and visitors without a session, and bad input', async () => {
    expect(
      (await handleReviewLink(post({ clientId: USERS.clientA.id }, await jwtOf('memberA')), deps())).status,
    ).toBe(403);
    expect(
      (await handleReviewLink(post({ clientId: USERS.clientA.id }, await jwtOf('clientA')), deps())).status,
    ).toBe(403);
    expect((await handleReviewLink(post({ clientId: USERS.clientA.id }), deps())).status).toBe(401);
    const bad = await handleReviewLink(post({ clientId: 'nope' }, await jwtOf('admin')), deps());
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: { code: expect.any(String) } });
    const unknown = await handleReviewLink(
      post({ clientId: USERS.memberA.id }, await jwtOf('admin')),
      deps(),
    );
    expect(unknown.status).toBe(404);
  });

  it('without mail returns the link to the admin instead, on the page in the client’s language', async () => {
    await clientSpeaks(USERS.clientB.id, 'de');
    const res = await handleReviewLink(
      post({ clientId: USERS.clientB.id, lang: 'en' }, await jwtOf('admin')),
      deps(false),
    );
    expect(await res.json()).toMatchObject({
      sent: false,
      link: expect.stringContaining('https://site.test/de/timeline-alchemy/review#token='),
    });
  });
});
