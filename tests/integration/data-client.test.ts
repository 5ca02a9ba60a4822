import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDataClient, type DataClient } from '../../src/lib/supabase/compose.ts';
import { toErrorCode } from '../../src/lib/supabase/errors.ts';
import { mailedLink, openLink, PASSWORD, USERS } from './helpers.ts';

/*
 * The browser's data client (auth-js, postgrest-js, realtime-js and storage-js composed as
 * supabase-js composes them) against the local stack: the member's token reaches PostgREST,
 * storage and realtime, so RLS sees the member everywhere.
 */

const clients: DataClient[] = [];
async function member(): Promise<{ db: DataClient; id: string }> {
  const db = createDataClient(inject('supabaseUrl'), inject('supabaseAnonKey'));
  clients.push(db);
  const email = `dc-${randomUUID().slice(0, 12)}@example.com`;
  const { data, error } = await db.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { display_name: 'Data Client' } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  if (!data.session) {
    // Sign-ups are confirmed by the mailed link, as in production.
    await openLink(await mailedLink(email));
    const signedIn = await db.auth.signInWithPassword({ email, password: PASSWORD });
    if (signedIn.error) throw signedIn.error;
  }
  return { db, id: data.user.id };
}

afterAll(async () => {
  for (const db of clients) {
    await db.removeAllChannels();
    await db.auth.signOut().catch(() => undefined);
    db.auth.stopAutoRefresh();
  }
});

describe('the composed data client against the local stack', () => {
  it('reads and changes rows as the member (PostgREST gets the member token)', async () => {
    const { db, id } = await member();
    const { data, error } = await db
      .from('profiles')
      .select('user_id, display_name')
      .eq('user_id', id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ user_id: id, display_name: 'Data Client' });
    const update = await db
      .from('profiles')
      .update({ display_name: 'Renamed' })
      .eq('user_id', id)
      .select('display_name');
    expect(update.data).toEqual([{ display_name: 'Renamed' }]);
    // Another member's row is not the member's to change: RLS matches nothing.
    const other = await db
      .from('profiles')
      .update({ display_name: 'x' })
      .eq('user_id', USERS.memberA.id)
      .select();
    expect(other.data).toEqual([]);
  });

  it('uploads into the own folder only, and the public URL serves the file', async () => {
    const { db, id } = await member();
    const png = new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1])], { type: 'image/png' });
    const bucket = db.storage.from('post-images');
    const path = `${id}/${randomUUID().slice(0, 8)}.png`;
    const { error } = await bucket.upload(path, png, { contentType: 'image/png' });
    expect(error).toBeNull();
    expect((await fetch(bucket.getPublicUrl(path).data.publicUrl)).status).toBe(200);
    const denied = await bucket.upload(`${USERS.memberA.id}/${randomUUID().slice(0, 8)}.png`, png);
    expect(toErrorCode(denied.error)).toBe('forbidden');
  });

  it("delivers changes to the member's channel (realtime joins with the member token)", async () => {
    const { db, id } = await member();
    await db.realtime.setAuth();
    const changed = new Promise<unknown>((resolve) => {
      const channel = db
        .channel(`profile-${id}`)
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `user_id=eq.${id}` },
          (p) => resolve(p.new),
        );
      channel.subscribe(async (status) => {
        if (status === 'SUBSCRIBED')
          await db.from('profiles').update({ display_name: 'Live' }).eq('user_id', id);
      });
    });
    expect(await changed).toMatchObject({ user_id: id, display_name: 'Live' });
    expect(db.getChannels()).toHaveLength(1);
  });
});
