import { createClient } from '@supabase/supabase-js';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';
import { API, contextFor, newMember } from './messages-helpers.ts';

// Issue 9: the header's unread badge updates live on every page, also where no data is needed
// (the shop never loads supabase-js; it counts with a tiny request while the tab is visible,
// every 10 s after a change, backing off to 60 s while nothing changes).
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

test('B in the shop sees the unread badge turn to 1 and back to none, without a reload', async ({
  browser,
}) => {
  const a = await newMember('Anna Afzender');
  const b = await newMember('Bas Ontvanger');
  const pb = await contextFor(browser, b);
  // supabase-js marks every request it sends with X-Client-Info; the badge's own counting
  // requests are plain HEAD requests on messages.
  const fromSupabaseJs: string[] = [];
  const counts: string[] = [];
  pb.page.on('request', (request) => {
    if (request.headers()['x-client-info']?.startsWith('supabase-js')) fromSupabaseJs.push(request.url());
  });
  // Counted once answered: the first count must be done before A writes, or it would already see 1.
  pb.page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'HEAD' && request.url().includes('/rest/v1/messages'))
      counts.push(request.url());
  });
  let navigations = 0;
  pb.page.on('framenavigated', (frame) => {
    if (frame === pb.page.mainFrame()) navigations++;
  });

  await pb.page.goto('/en/shop/');
  await waitForHydration(pb.page);
  const badge = pb.page.locator('[data-unread-header]');
  await expect(pb.page.locator('[data-user-area]')).toBeVisible();
  await expect(badge).toBeHidden();
  await expect.poll(() => counts.length).toBeGreaterThanOrEqual(1);

  const dbA = createClient(API, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  const signIn = await dbA.auth.signInWithPassword({ email: a.email, password: 'password123' });
  expect(signIn.error).toBeNull();
  const sent = await dbA
    .from('messages')
    .insert({ sender_id: a.id, receiver_id: b.id, content: 'Hi Bas' })
    .select('id')
    .single();
  expect(sent.error).toBeNull();

  await expect(badge).toHaveText('1');
  await expect(pb.page.locator('#user-menu-unread')).toHaveText(/1/);

  // B reads it elsewhere (another device): the badge goes away here too.
  const dbB = createClient(API, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  expect((await dbB.auth.signInWithPassword({ email: b.email, password: 'password123' })).error).toBeNull();
  const read = await dbB.rpc('mark_conversation_read', { other: a.id });
  expect(read.error).toBeNull();
  await expect(badge).toBeHidden();

  expect(navigations).toBe(1);
  expect(fromSupabaseJs, 'the shop never loads supabase-js').toEqual([]);
  // The first count on load, then at least the polls that saw 1 and then 0.
  expect(counts.length).toBeGreaterThanOrEqual(3);
  await pb.context.close();
});
