import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { actor, arrange, freshUser, serviceClient, uid } from '../helpers.ts';

/**
 * Issue 25, point 2: every rate limit holds exactly under concurrency. Each limit gets a burst of
 * parallel requests through supabase-js (each its own HTTP request, so PostgREST runs them in
 * parallel transactions) and must store exactly its limit and refuse the rest with PT429 / 429.
 * Fresh members and unique addresses keep the bursts from touching what other suites count.
 */
type Answer = { error: { code?: string; message?: string } | null; status: number };

async function burst(n: number, send: (i: number) => PromiseLike<Answer>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const refused = answers.filter((a) => a.error);
  return {
    ok: answers.length - refused.length,
    refusals: [...new Set(refused.map((a) => `${a.status} ${a.error?.code} ${a.error?.message}`))],
  };
}

const count = async (table: string, column: string, value: string) => {
  const { count: n, error } = await serviceClient()
    .from(table)
    .select('*', { count: 'exact', head: true })
    .eq(column, value);
  if (error) throw error;
  return n ?? 0;
};

describe('per-member hourly limits (private.take_rate_limit)', () => {
  it('posts: 40 at once store exactly 20', async () => {
    const m = await freshUser('Burst Poster');
    const r = await burst(40, (i) => m.db.from('posts').insert({ title: `Burst ${i}`, content: 'x' }));
    expect(await count('posts', 'user_id', m.id)).toBe(20);
    expect(r.ok).toBe(20);
    expect(r.refusals).toEqual([
      expect.stringMatching(/^429 PT429 rate limit: at most 20 per hour for post/),
    ]);
  });

  it('comments: 120 at once store exactly 60', async () => {
    const m = await freshUser('Burst Commenter');
    const post = await arrange('posts', { user_id: m.id, title: 'Own', content: 'x' });
    const r = await burst(120, (i) => m.db.from('comments').insert({ post_id: post, content: `c${i}` }));
    expect(await count('comments', 'user_id', m.id)).toBe(60);
    expect(r.ok).toBe(60);
  });

  it('reports: 40 at once (40 different posts) store exactly 20', async () => {
    const [m, author] = await Promise.all([freshUser('Burst Reporter'), freshUser('Reported')]);
    const { data } = await serviceClient()
      .from('posts')
      .insert(Array.from({ length: 40 }, (_, i) => ({ user_id: author.id, title: `P${i}`, content: 'x' })))
      .select('id');
    const posts = (data ?? []).map((p: { id: string }) => p.id);
    const r = await burst(40, (i) => m.db.from('reports').insert({ post_id: posts[i], reason: 'Spam' }));
    expect(await count('reports', 'reporter_id', m.id)).toBe(20);
    expect(r.ok).toBe(20);
  });

  it('friend requests: 30 at once (30 different members) store exactly 20', async () => {
    const m = await freshUser('Burst Friend');
    const targets = await Promise.all(Array.from({ length: 30 }, (_, i) => freshUser(`Target ${i}`)));
    const r = await burst(
      30,
      (i) => m.db.rpc('send_friend_request', { target_id: targets[i]?.id }) as PromiseLike<Answer>,
    );
    expect(await count('friendships', 'requester_id', m.id)).toBe(20);
    expect(r.ok).toBe(20);
  });
});

describe('messages (20 a minute per sender)', () => {
  it('40 at once store exactly 20', async () => {
    const [m, to] = await Promise.all([freshUser('Burst Sender'), freshUser('Burst Inbox')]);
    const r = await burst(40, (i) => m.db.from('messages').insert({ receiver_id: to.id, content: `m${i}` }));
    expect(await count('messages', 'sender_id', m.id)).toBe(20);
    expect(r.ok).toBe(20);
    expect(r.refusals).toEqual(['429 PT429 messages_rate_limited']);
  });
});

describe('contact form (5 per address an hour, as anon through PostgREST)', () => {
  it('40 at once from one address store exactly 5', async () => {
    const anon: SupabaseClient = (await actor('anon')).db;
    const email = `burst-${uid().slice(0, 8)}@example.com`;
    const row = { first_name: 'B', last_name: 'Urst', email, subject: 'Hi', message: 'Hello' };
    const r = await burst(40, () => anon.from('contact_messages').insert(row));
    expect(await count('contact_messages', 'email', email)).toBe(5);
    expect(r.ok).toBe(5);
  });
});

describe('newsletter sign-ups (5 per address an hour, 30 per IP in 10 minutes)', () => {
  const signUp = (email: string, ip: string) =>
    serviceClient().rpc('newsletter_sign_up', {
      p_email: email,
      p_first_name: 'B',
      p_last_name: 'Urst',
      p_language: 'en',
      p_source: 'footer',
      p_page_url: 'http://127.0.0.1:4321/',
      p_consent_text: 'Yes, send me the newsletter.',
      p_consent_version: 'v1',
      p_privacy_version: 'v1',
      p_ip: ip,
    }) as PromiseLike<Answer>;
  const randomIp = () =>
    `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}`;
  const signUps = async (filter: Record<string, string>) => {
    const { count: n } = await serviceClient()
      .from('newsletter_consents')
      .select('*', { count: 'exact', head: true })
      .match({ event: 'sign_up', ...filter });
    return n ?? 0;
  };

  it('40 at once for one address (different IPs) store exactly 5', async () => {
    const email = `burst-${uid().slice(0, 8)}@example.com`;
    const r = await burst(40, () => signUp(email, randomIp()));
    expect(r.ok).toBe(5);
    expect(await signUps({ email })).toBe(5);
  });

  it('40 at once from one IP (different addresses) store exactly 30', async () => {
    const ip = randomIp();
    const r = await burst(40, (i) => signUp(`burst-${i}-${uid().slice(0, 8)}@example.com`, ip));
    expect(r.ok).toBe(30);
    expect(await signUps({ ip })).toBe(30);
  });
});
