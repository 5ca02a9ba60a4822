import { describe, expect, inject, it } from 'vitest';
import { handleReviewLink, type Mail } from '../../src/features/timeline-alchemy/review/link-handler.ts';
import { handleReview } from '../../src/features/timeline-alchemy/review/review-handler.ts';
import { LOCAL_REVIEW_LINK_SECRET } from '../../src/features/timeline-alchemy/review/signed-link.ts';
import { actor, USERS, url } from './helpers.ts';

/** POST /api/timeline-alchemy/review-link: the admin's JWT decides, the mail carries a working link. */

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

describe('review link route', () => {
  const deps = (sent: Mail[]) => ({
    url: url(),
    anonKey: inject('supabaseAnonKey'),
    origin: 'https://site.test',
    secret: LOCAL_REVIEW_LINK_SECRET,
    send: async (mail: Mail) => void sent.push(mail),
  });

  it('mails the client a link in their language that opens their previews', async () => {
    const sent: Mail[] = [];
    const res = await handleReviewLink(
      post({ clientId: USERS.clientA.id, lang: 'de' }, await jwtOf('admin')),
      deps(sent),
    );
    expect(res.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('lotte@example.com');
    expect(sent[0]?.subject).toBe('Deine Vorschauen sind bereit zur Prüfung');
    const token = /#token=([\w.-]+)/.exec(sent[0]?.text ?? '')?.[1] ?? '';
    expect(sent[0]?.text).toContain('https://site.test/de/timeline-alchemy/review#token=');
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
    expect(((await opened.json()) as { client: { name: string } }).client.name).toBe('Lotte Jansen');
  });

  it('refuses members, clients and visitors without a session, and bad input', async () => {
    const sent: Mail[] = [];
    expect(
      (await handleReviewLink(post({ clientId: USERS.clientA.id }, await jwtOf('memberA')), deps(sent)))
        .status,
    ).toBe(403);
    expect(
      (await handleReviewLink(post({ clientId: USERS.clientA.id }, await jwtOf('clientA')), deps(sent)))
        .status,
    ).toBe(403);
    expect((await handleReviewLink(post({ clientId: USERS.clientA.id }), deps(sent))).status).toBe(401);
    const bad = await handleReviewLink(post({ clientId: 'nope' }, await jwtOf('admin')), deps(sent));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: { code: expect.any(String) } });
    const unknown = await handleReviewLink(
      post({ clientId: USERS.memberA.id }, await jwtOf('admin')),
      deps(sent),
    );
    expect(unknown.status).toBe(404);
    expect(sent).toHaveLength(0);
  });

  it('without a mail path returns the link to the admin instead', async () => {
    const res = await handleReviewLink(
      post({ clientId: USERS.clientB.id, lang: 'en' }, await jwtOf('admin')),
      {
        ...deps([]),
        send: undefined,
      },
    );
    expect(await res.json()).toMatchObject({
      sent: false,
      link: expect.stringContaining('https://site.test/en/timeline-alchemy/review#token='),
    });
  });
});
