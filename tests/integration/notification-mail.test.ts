import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { actor, arrange, freshUser, newClient, serviceClient } from './helpers.ts';

// Notification preferences and mail (issue 22, points 3 and 5): each member reads and changes only
// their own; the worker's database step (public.notification_mails_enqueue) mails a group at once
// after the delay, never what was read, nothing while paused, and one digest a day after 08:00 in
// the member's zone and language; an unsubscribe token stops exactly its topic. Time moves the way
// the project moves it: by moving the data (last_event_at, the zone, the digest's date), no sleeps.
// The stack's own timer runs the same step every second; every assertion holds whoever ran it.

type Fresh = Awaited<ReturnType<typeof freshUser>>;
type Mail = { subject: string; text: string; headers: Record<string, string> };

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});
const ORIGIN = 'http://localhost:4321';
const enqueue = async () => {
  const { error } = await serviceClient().rpc('notification_mails_enqueue', { p_origin: ORIGIN });
  if (error) throw error;
};
const postBy = (user: string, title: string) => arrange('posts', { user_id: user, title, content: 'Text' });
async function comment(client: SupabaseClient, postId: string): Promise<void> {
  const { error } = await client.from('comments').insert({ post_id: postId, content: 'A comment' });
  if (error) throw error;
}
/** Moves a member's notifications `minutes` into the past (as if the worker ran later). */
const age = (recipient: string, minutes = 10) =>
  db.query(
    `update public.notifications set last_event_at = last_event_at - make_interval(mins => $2)
      where recipient_id = $1`,
    [recipient, minutes],
  );
const outboxOf = async (to: string) =>
  (
    await db.query<{ kind: string; idempotency_key: string }>(
      `select kind, idempotency_key from private.mail_outbox where "to" = $1 and kind like 'notification.%'`,
      [to],
    )
  ).rows;
/** The notification mails (Message-ID from the outbox key) the stack's capture received for `to`. */
const mailsTo = async (to: string): Promise<Mail[]> =>
  (
    (await (await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[]
  ).filter((m) => /^<notification/.test(m.headers['message-id'] ?? ''));
async function waitForMail(to: string, count: number): Promise<Mail[]> {
  const end = Date.now() + 10_000;
  for (;;) {
    const mails = await mailsTo(to);
    if (mails.length >= count || Date.now() > end) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** An IANA zone (Etc/GMT±n) whose local hour is `hour` right now. */
function zoneWithLocalHour(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 48) % 24;
  if (offset > 14) offset -= 24;
  // Etc/GMT's sign is the POSIX one: Etc/GMT-2 is two hours ahead of UTC.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
const setPrefs = async (member: Fresh, topics: Array<{ topic: string; in_app: boolean; email: string }>) => {
  const { error } = await member.db.rpc('set_my_notification_preferences', { topics });
  if (error) throw error;
};

describe('who reads and changes notification preferences', () => {
  let a: Fresh;
  beforeAll(async () => {
    a = await freshUser('Pref Owner');
    await setPrefs(a, [{ topic: 'likes', in_app: false, email: 'digest' }]);
    const { error } = await a.db.rpc('pause_my_notification_mail', { days: 7 });
    expect(error).toBeNull();
  });

  it('the member reads their own choices, defaults filled in for a calm inbox', async () => {
    const { data, error } = await a.db.rpc('my_notification_preferences');
    expect(error).toBeNull();
    const state = data as {
      topics: Array<{ topic: string; in_app: boolean; email: string }>;
      paused_until: string;
    };
    expect(Object.fromEntries(state.topics.map((t) => [t.topic, `${t.in_app}/${t.email}`]))).toEqual({
      messages: 'true/instant',
      friends: 'true/instant',
      comments: 'true/digest',
      likes: 'false/digest',
      moderation: 'true/instant',
      alchemy: 'true/instant',
    });
    expect(new Date(state.paused_until).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('anon, another member, a client and an admin neither read nor change them', async () => {
    const other = await freshUser('Pref Other');
    const readers = [
      other.db,
      ...(await Promise.all((['anon', 'clientA', 'admin'] as const).map(actor))).map((x) => x.db),
    ];
    for (const reader of readers) {
      for (const table of ['notification_preferences', 'notification_mail_settings']) {
        const { data } = await reader.from(table).select('*').eq('profile_id', a.id);
        expect(data ?? []).toHaveLength(0);
      }
      const insert = await reader
        .from('notification_preferences')
        .insert({ profile_id: a.id, topic: 'messages', in_app: false, email: 'off' });
      expect(insert.error).not.toBeNull();
      const update = await reader
        .from('notification_mail_settings')
        .update({ paused_until: null })
        .eq('profile_id', a.id);
      expect(update.error !== null || (update.data ?? []).length === 0).toBe(true);
    }
    // Writing through the functions touches the caller's own rows only; anon may not call them.
    await setPrefs(other, [{ topic: 'likes', in_app: true, email: 'off' }]);
    expect((await newClient().rpc('set_my_notification_preferences', { topics: [] })).error).not.toBeNull();
    expect((await newClient().rpc('my_notification_preferences')).error).not.toBeNull();
    const mine = (await a.db.rpc('my_notification_preferences')).data as {
      topics: Array<{ topic: string; email: string }>;
    };
    expect(mine.topics.find((t) => t.topic === 'likes')?.email).toBe('digest');
  });

  it('refuses unknown topics, modes and time zones', async () => {
    const bad = await a.db.rpc('set_my_notification_preferences', {
      topics: [{ topic: 'everything', in_app: true, email: 'instant' }],
    });
    expect(bad.error?.code).toBe('22023');
    const mode = await a.db.rpc('set_my_notification_preferences', {
      topics: [{ topic: 'likes', in_app: true, email: 'hourly' }],
    });
    expect(mode.error?.code).toBe('22023');
    expect((await a.db.rpc('set_my_time_zone', { time_zone: 'Mars/Olympus' })).error).not.toBeNull();
  });
});

describe('notification mail at once', () => {
  let a: Fresh;
  let b: Fresh;
  beforeAll(async () => {
    [a, b] = await Promise.all([freshUser('Mail Anna'), freshUser('Mail Ben')]);
    await setPrefs(a, [{ topic: 'comments', in_app: true, email: 'instant' }]);
  });

  it('waits for the delay, then mails the group once; a regrown group is not mailed again at once', async () => {
    const post = await postBy(a.id, 'Instant post');
    await comment(b.db, post);
    await enqueue();
    expect(await outboxOf(a.email)).toHaveLength(0);
    await age(a.id);
    await enqueue();
    await enqueue();
    const rows = await outboxOf(a.email);
    expect(rows.map((r) => r.kind)).toEqual(['notification.instant']);
    const [mail] = await waitForMail(a.email, 1);
    expect(mail?.subject).toContain('Mail Ben');
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:4321\/api\/notifications\/unsubscribe\?token=[0-9a-f-]{36}\.comments\.[0-9a-f]{64}>$/,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Another comment grows the same group: no second mail within the hour.
    await comment(b.db, post);
    await age(a.id);
    await enqueue();
    expect(await outboxOf(a.email)).toHaveLength(1);
  });

  it('never mails what was read in the app', async () => {
    const c = await freshUser('Mail Cleo');
    await setPrefs(c, [{ topic: 'comments', in_app: true, email: 'instant' }]);
    await comment(b.db, await postBy(c.id, 'Read post'));
    expect((await c.db.rpc('mark_notifications_read')).error).toBeNull();
    await age(c.id);
    await enqueue();
    expect(await outboxOf(c.email)).toHaveLength(0);
  });

  it('mails nothing while paused, nor afterwards for what happened during the pause', async () => {
    const d = await freshUser('Mail Dirk');
    await setPrefs(d, [{ topic: 'comments', in_app: true, email: 'instant' }]);
    expect((await d.db.rpc('pause_my_notification_mail', { days: 7 })).error).toBeNull();
    await comment(b.db, await postBy(d.id, 'Paused post'));
    await age(d.id);
    await enqueue();
    expect(await outboxOf(d.email)).toHaveLength(0);
    expect((await d.db.rpc('pause_my_notification_mail', { days: 0 })).error).toBeNull();
    await enqueue();
    expect(await outboxOf(d.email)).toHaveLength(0);
  });

  it('a topic hidden in the app is still mailed, and "mark all read" does not swallow it', async () => {
    const e = await freshUser('Mail Eva');
    await setPrefs(e, [{ topic: 'comments', in_app: false, email: 'instant' }]);
    await comment(b.db, await postBy(e.id, 'Hidden post'));
    expect((await e.db.from('notifications').select('id')).data).toHaveLength(0);
    expect((await e.db.rpc('mark_notifications_read')).data).toBe(0);
    await age(e.id);
    await enqueue();
    expect(await outboxOf(e.email)).toHaveLength(1);
  });
});

describe('rows nobody wants, and a changed choice', () => {
  let b: Fresh;
  beforeAll(async () => {
    b = await freshUser('Want Ben');
  });
  const rowsOf = async (recipient: string) =>
    (
      await db.query<{ kind: string; in_app: boolean; mail: string | null }>(
        'select kind, in_app, mail from public.notifications where recipient_id = $1',
        [recipient],
      )
    ).rows;

  it('a notification hidden in the app and never mailed for its topic is not written at all', async () => {
    const f = await freshUser('Want Fien');
    await setPrefs(f, [
      { topic: 'comments', in_app: false, email: 'off' },
      // Likes are never mailed by default: hidden in the app too, nobody wants them.
      { topic: 'likes', in_app: false, email: 'off' },
    ]);
    const post = await postBy(f.id, 'Nobody wants this');
    await comment(b.db, post);
    expect((await b.db.from('likes').insert({ post_id: post })).error).toBeNull();
    expect(await rowsOf(f.id)).toEqual([]);
    // Either half on, and the row is written: in the app only (likes), by mail only (comments).
    await setPrefs(f, [
      { topic: 'comments', in_app: false, email: 'digest' },
      { topic: 'likes', in_app: true, email: 'off' },
    ]);
    const other = await postBy(f.id, 'Somebody wants this');
    await comment(b.db, other);
    expect((await b.db.from('likes').insert({ post_id: other })).error).toBeNull();
    expect((await rowsOf(f.id)).sort((x, y) => x.kind.localeCompare(y.kind))).toEqual([
      { kind: 'comment_on_post', in_app: false, mail: 'digest' },
      { kind: 'like_on_post', in_app: true, mail: null },
    ]);
  });

  it('turning a topic off (the one-click link too) stops the mail of rows already waiting for it', async () => {
    const g = await freshUser('Want Gijs');
    await setPrefs(g, [{ topic: 'comments', in_app: true, email: 'instant' }]);
    await comment(b.db, await postBy(g.id, 'Waiting post'));
    await setPrefs(g, [{ topic: 'comments', in_app: true, email: 'off' }]);
    await age(g.id);
    await enqueue();
    expect(await outboxOf(g.email)).toHaveLength(0);
    // And back on: the waiting group is mailed after all.
    await setPrefs(g, [{ topic: 'comments', in_app: true, email: 'instant' }]);
    await enqueue();
    expect((await outboxOf(g.email)).map((r) => r.kind)).toEqual(['notification.instant']);
  });
});

describe('the daily digest and unsubscribing', () => {
  let a: Fresh;
  let b: Fresh;
  let c: Fresh;
  beforeAll(async () => {
    [a, b, c] = await Promise.all([
      freshUser('Digest Anna'),
      freshUser('Digest Ben'),
      freshUser('Digest Cas'),
    ]);
    expect((await a.db.rpc('set_my_mail_locale', { locale: 'de' })).error).toBeNull();
    expect((await a.db.rpc('set_my_time_zone', { time_zone: zoneWithLocalHour(3) })).error).toBeNull();
    const first = await postBy(a.id, 'Erster Beitrag');
    const second = await postBy(a.id, 'Zweiter Beitrag');
    await comment(b.db, first);
    await comment(c.db, first);
    await comment(c.db, second);
  });

  it('sends nothing before 08:00 local, then one digest in the member language with one entry per group, once a day', async () => {
    await enqueue();
    expect(await outboxOf(a.email)).toHaveLength(0);
    expect((await a.db.rpc('set_my_time_zone', { time_zone: zoneWithLocalHour(12) })).error).toBeNull();
    await enqueue();
    expect((await outboxOf(a.email)).map((r) => r.kind)).toEqual(['notification.digest']);
    const [mail] = await waitForMail(a.email, 1);
    expect(mail?.subject).toBe('Deine tägliche Zusammenfassung: 2 Neuigkeiten');
    const entries = (mail?.text ?? '').split('\n').filter((line) => line.startsWith('- '));
    expect(entries).toHaveLength(2);
    expect(entries.join('\n')).toContain('Digest Cas und 1 weitere Person');
    expect(entries.join('\n')).toContain('/de/community#post-');
    // A new comment the same day waits for tomorrow's digest.
    await comment(b.db, await postBy(a.id, 'Dritter Beitrag'));
    await enqueue();
    expect(await outboxOf(a.email)).toHaveLength(1);
    // Tomorrow (the digest's date moved back a day): the new group, alone.
    await db.query(
      'update private.notification_digests set local_date = local_date - 1 where profile_id = $1',
      [a.id],
    );
    await enqueue();
    expect(await outboxOf(a.email)).toHaveLength(2);
  });

  it("the mail's token turns off exactly its topic, without sign-in; a forged one changes nothing", async () => {
    const [mail] = await waitForMail(a.email, 1);
    const link = /<([^>]+)>/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token).toMatch(/\.comments\./);
    const forged = [
      token.replace(/.$/, (ch) => (ch === '0' ? '1' : '0')),
      token.replace('.comments.', '.messages.'),
      `${b.id}${token.slice(36)}`,
    ];
    for (const bad of forged) {
      const { error } = await newClient().rpc('notification_unsubscribe', { token: bad });
      expect(error?.code).toBe('22023');
    }
    const emails = async () =>
      Object.fromEntries(
        (
          (await a.db.rpc('my_notification_preferences')).data as {
            topics: Array<{ topic: string; email: string }>;
          }
        ).topics.map((t) => [t.topic, t.email]),
      );
    expect((await emails())['comments']).toBe('digest');
    for (let i = 0; i < 2; i++) {
      const { data, error } = await newClient().rpc('notification_unsubscribe', { token });
      expect(error).toBeNull();
      expect(data).toBe('comments');
    }
    expect(await emails()).toMatchObject({ comments: 'off', messages: 'instant', friends: 'instant' });
    // The next day brings no digest of comments.
    await comment(c.db, await postBy(a.id, 'Vierter Beitrag'));
    await db.query(
      'update private.notification_digests set local_date = local_date - 7 where profile_id = $1',
      [a.id],
    );
    await enqueue();
    expect(await outboxOf(a.email)).toHaveLength(2);
  });
});
