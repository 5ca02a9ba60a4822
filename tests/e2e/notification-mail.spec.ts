import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { inbox } from './member-helpers.ts';
import { API, contextFor, type Member, newMember, service } from './messages-helpers.ts';

// Issue 22, points 3 and 5: notification mail in the member's language, the daily digest with one
// entry per group, the one-click unsubscribe of one topic (RFC 8058, POSTed as a mail client does)
// and the confirm page behind the mail's link; the preferences on /account save and survive a
// reload. Time moves as elsewhere in the suite: by moving the data (zone, last event, the digest's
// date), while the stack's mail timer runs the worker as in production.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 24521);

type Mail = { subject: string; text: string; headers: Record<string, string>; links: string[] };

async function apiAs(member: Member): Promise<SupabaseClient> {
  const db = createClient(API, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await db.auth.signInWithPassword({ email: member.email, password: 'password123' });
  if (error) throw error;
  return db;
}
async function postOf(db: SupabaseClient, title: string): Promise<string> {
  const { data, error } = await db.from('posts').insert({ title, content: 'Text' }).select('id').single();
  if (error) throw error;
  return (data as { id: string }).id;
}
async function commentOn(db: SupabaseClient, postId: string): Promise<void> {
  const { error } = await db.from('comments').insert({ post_id: postId, content: 'Schön!' });
  if (error) throw error;
}
/** The notification mails the stack captured for `to`. */
async function notificationMails(to: string): Promise<Mail[]> {
  const mails = (await (await fetch(`${inbox}/api/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[];
  return mails.filter((m) => /^<notification/.test(m.headers['message-id'] ?? ''));
}
/** Runs the worker's database step now (the timer does it every second; this one settles it). */
async function runWorkerStep(): Promise<void> {
  const { error } = await service.rpc('notification_mails_enqueue', { p_origin: 'http://localhost:4321' });
  if (error) throw error;
}
/** An IANA zone (Etc/GMT±n) whose local hour is `hour` right now. */
function zoneWithLocalHour(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 48) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
/** A zone the browser lists whose local time is now between 10:00 and 20:59 (after the digest's 08:00). */
function daytimeZone(): string {
  const hourIn = (timeZone: string) =>
    Number(
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
    );
  const zone = Intl.supportedValuesOf('timeZone').find((z) => hourIn(z) >= 10 && hourIn(z) <= 20);
  if (!zone) throw new Error('no daytime zone');
  return zone;
}
/** A link of the mail on this test's server (the stack's worker writes links on its default origin). */
const onThisSite = (link: string, baseURL: string) => {
  const url = new URL(link);
  return `${baseURL}${url.pathname}${url.search}`;
};

test('de: preferences save and survive a reload; the digest arrives in German, one entry per group; one-click stops the next one', async ({
  browser,
  baseURL,
}) => {
  const a = await newMember('Anna Autorin');
  const b = await newMember('Bernd Leser');
  const c = await newMember('Clara Leserin');
  const aDb = await apiAs(a);
  expect((await aDb.rpc('set_my_mail_locale', { locale: 'de' })).error).toBeNull();
  // Before 08:00 in Anna's zone: the comments wait for the digest.
  expect((await aDb.rpc('set_my_time_zone', { time_zone: zoneWithLocalHour(3) })).error).toBeNull();
  const first = await postOf(aDb, `Morgen ${Date.now()}`);
  const second = await postOf(aDb, `Abend ${Date.now()}`);
  const [bDb, cDb] = await Promise.all([apiAs(b), apiAs(c)]);
  await commentOn(bDb, first);
  await commentOn(cDb, first);
  await commentOn(bDb, second);

  // The section on /de/account: a zone where it is day now, and likes in the digest.
  const { context, page } = await contextFor(browser, a);
  await page.goto('/de/account');
  await waitForHydration(page);
  const section = page.locator('section#notifications');
  const zone = daytimeZone();
  const likes = section.getByLabel('E-Mail: Likes');
  await expect(likes).toHaveValue('off');
  await likes.selectOption('digest');
  await section.getByLabel(/Zeitzone/).selectOption(zone);
  await section.getByRole('button', { name: 'Benachrichtigungen speichern' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Deine Einstellungen für Benachrichtigungen sind gespeichert.',
  );
  await page.reload();
  await waitForHydration(page);
  await expect(section.getByLabel('E-Mail: Likes')).toHaveValue('digest');
  await expect(section.getByLabel(/Zeitzone/)).toHaveValue(zone);
  await expect(section.getByLabel('E-Mail: Kommentare')).toHaveValue('digest');
  await context.close();

  // Day in Anna's zone: the worker sends today's digest, in German, one entry per group.
  await expect.poll(async () => (await notificationMails(a.email)).length).toBe(1);
  const [digest] = await notificationMails(a.email);
  expect(digest?.subject).toBe('Deine tägliche Zusammenfassung: 2 Neuigkeiten');
  const entries = (digest?.text ?? '').split('\n').filter((line) => line.startsWith('- '));
  expect(entries).toHaveLength(2);
  expect(entries.some((e) => e.includes(`/de/community#post-${first}`))).toBe(true);
  expect(entries.some((e) => e.includes(`/de/community#post-${second}`))).toBe(true);

  // A mail client's one-click unsubscribe: POST the List-Unsubscribe URL with the RFC 8058 body.
  expect(digest?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const target = /<([^>]+)>/.exec(digest?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
  const answer = await fetch(onThisSite(target, baseURL ?? ''), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ ok: true, topic: 'comments' });

  // The next day (the digest's date moved back) a new comment brings no digest of comments.
  const third = await postOf(aDb, `Mittag ${Date.now()}`);
  await commentOn(cDb, third);
  const db = new pg.Client({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${backendPort + 1}/postgres`,
  });
  await db.connect();
  try {
    await db.query(
      'update private.notification_digests set local_date = local_date - 1 where profile_id = $1',
      [a.id],
    );
  } finally {
    await db.end();
  }
  await runWorkerStep();
  const { data: rows } = await service.from('notifications').select('emailed_at').eq('post_id', third);
  expect(rows).toEqual([{ emailed_at: null }]);
  expect(await notificationMails(a.email)).toHaveLength(1);
});

test('en: a comment mail at once, in English; its link asks before it stops that topic', async ({
  browser,
  baseURL,
}) => {
  const a = await newMember('Amy Reader');
  const b = await newMember('Ben Writer');
  const aDb = await apiAs(a);
  expect((await aDb.rpc('set_my_mail_locale', { locale: 'en' })).error).toBeNull();
  const post = await postOf(aDb, `Harbour ${Date.now()}`);

  // Comments at once, chosen on /en/account.
  const { context, page } = await contextFor(browser, a);
  await page.goto('/en/account');
  await waitForHydration(page);
  const section = page.locator('section#notifications');
  await section.getByLabel('E-mail: comments').selectOption('instant');
  await section.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(section.getByRole('status')).toHaveText('Your notification settings are saved.');

  await commentOn(await apiAs(b), post);
  // A few minutes later (the last event moved back), still unread: one mail.
  await service
    .from('notifications')
    .update({ last_event_at: new Date(Date.now() - 10 * 60_000).toISOString() })
    .eq('recipient_id', a.id);
  await expect.poll(async () => (await notificationMails(a.email)).length).toBe(1);
  const [mail] = await notificationMails(a.email);
  expect(mail?.subject).toBe(
    `Ben Writer commented on “${(await service.from('posts').select('title').eq('id', post).single()).data?.title}”`,
  );

  // The mail's link asks first (a GET never unsubscribes), the button stops comments only.
  const link = mail?.links.find((l) => l.includes('/notifications/unsubscribe')) ?? '';
  await page.goto(onThisSite(link, baseURL ?? ''));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop these e-mails?');
  const before = (await aDb.rpc('my_notification_preferences')).data as {
    topics: Array<{ topic: string; email: string }>;
  };
  expect(before.topics.find((t) => t.topic === 'comments')?.email).toBe('instant');
  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Done');
  await expect(page.getByText('You will no longer receive e-mail about comments.')).toBeVisible();
  const after = (await aDb.rpc('my_notification_preferences')).data as {
    topics: Array<{ topic: string; email: string }>;
  };
  expect(Object.fromEntries(after.topics.map((t) => [t.topic, t.email]))).toMatchObject({
    comments: 'off',
    messages: 'instant',
  });
  await context.close();
});
