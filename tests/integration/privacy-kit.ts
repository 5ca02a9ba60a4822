import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import { handleDelete } from '../../src/features/privacy/delete-handler.ts';
import { handleExport } from '../../src/features/privacy/export-handler.ts';
import { actor, freshUser, serviceClient, USERS, url } from './helpers.ts';

/** Helpers of the privacy tests: a member with something of everything, the two endpoints, SQL. */

const deps = () => ({ url: url(), anonKey: inject('supabaseAnonKey') });

export async function jwtOf(db: SupabaseClient): Promise<string> {
  return (await db.auth.getSession()).data.session?.access_token ?? '';
}

function exportRequest(jwt?: string) {
  return new Request('http://site.test/api/account/export', {
    method: 'POST',
    headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
  });
}

function deleteRequest(confirmation: unknown, jwt?: string) {
  return new Request('http://site.test/api/account/delete', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: JSON.stringify({ confirmation }),
  });
}

export const exportAs = async (jwt?: string) => handleExport(exportRequest(jwt), deps());
export const deleteAs = async (confirmation: unknown, jwt?: string) =>
  handleDelete(deleteRequest(confirmation, jwt), deps());

/** The zip's file names and its parsed data.json (Info-ZIP reads the archive). */
export async function unzipExport(
  res: Response,
): Promise<{ names: string[]; data: ExportData; bytes: Map<string, Buffer> }> {
  const dir = mkdtempSync(join(tmpdir(), 'privacy-export-'));
  try {
    const file = join(dir, 'export.zip');
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    const bytes = new Map<string, Buffer>();
    for (const name of names)
      bytes.set(name, execFileSync('unzip', ['-p', file, name], { maxBuffer: 1 << 28 }));
    const data = JSON.parse(bytes.get('data.json')?.toString('utf8') ?? 'null') as ExportData;
    return { names, data, bytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// biome-ignore lint/suspicious/noExplicitAny: data.json is checked field by field
export type ExportData = Record<string, any>;

export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}

const must = <T>(r: { data: T; error: unknown }): T => {
  if (r.error) throw r.error;
  return r.data;
};

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);

/**
 * A fresh member with one of everything: a post with an image, a comment and a like on another's
 * post, a message each way with member B, a friend request to B, a block of a third person, a
 * report, a mail language, a time zone, an avatar, and a confirmed newsletter subscription.
 */
export async function seededMember(name = 'Privacy Tester') {
  const me = await freshUser(name);
  const b = await actor('memberB');
  const third = await freshUser('Someone Blocked');
  const post = must(
    await me.db.from('posts').insert({ title: 'Mijn titel', content: 'Mijn inhoud' }).select('id').single(),
  ) as { id: string };
  const [theirPost] = must(
    await me.db.from('posts').select('id').eq('user_id', USERS.memberA.id).limit(1),
  ) as Array<{ id: string }>;
  if (!theirPost) throw new Error('no seeded post of member A');
  const comment = must(
    await me.db
      .from('comments')
      .insert({ post_id: theirPost.id, content: 'Mooi geschreven' })
      .select('id')
      .single(),
  ) as { id: string };
  must(await me.db.from('likes').insert({ post_id: theirPost.id }));
  const sent = must(
    await me.db
      .from('messages')
      .insert({ receiver_id: USERS.memberB.id, content: 'Hallo Noah' })
      .select('id')
      .single(),
  ) as { id: string };
  const received = must(
    await b.db.from('messages').insert({ receiver_id: me.id, content: 'Hoi terug' }).select('id').single(),
  ) as { id: string };
  must(await me.db.rpc('send_friend_request', { target_id: USERS.memberB.id }));
  const report = must(
    await me.db
      .from('reports')
      .insert({ post_id: theirPost.id, reason: 'Test report' })
      .select('id')
      .single(),
  ) as { id: string };
  must(await me.db.from('blocks').insert({ blocked_id: third.id }));
  must(await me.db.rpc('set_my_mail_locale', { locale: 'de' }));
  must(await me.db.rpc('set_my_time_zone', { time_zone: 'Europe/Berlin' }));
  must(
    await me.db.storage.from('user-avatars').upload(`${me.id}/avatar.png`, PNG, { contentType: 'image/png' }),
  );
  must(
    await me.db.storage.from('post-images').upload(`${me.id}/post.png`, PNG, { contentType: 'image/png' }),
  );
  const [signup] = must(
    await serviceClient().rpc('newsletter_sign_up', {
      p_email: me.email,
      p_first_name: 'Privacy',
      p_last_name: 'Tester',
      p_language: 'nl',
      p_source: 'footer',
      p_page_url: 'https://site.test/',
      p_consent_text: 'Ja, stuur mij de Inner Circle.',
      p_consent_version: 'v-test',
      p_privacy_version: 'p-test',
      p_ip: '203.0.113.7',
      p_user_agent: 'test-agent',
    }),
  ) as Array<{ subscriber_id: string; confirm_token: string }>;
  if (!signup) throw new Error('no newsletter sign-up');
  must(
    await serviceClient().rpc('newsletter_confirm', { p_token: signup.confirm_token, p_ip: '203.0.113.7' }),
  );
  return {
    ...me,
    third,
    ids: {
      post: post.id,
      theirPost: theirPost.id,
      comment: comment.id,
      sent: sent.id,
      received: received.id,
      report: report.id,
      subscriber: signup.subscriber_id,
    },
  };
}
