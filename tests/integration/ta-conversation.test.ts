import { afterAll, describe, expect, inject, it } from 'vitest';
import { handleReview } from '../../src/features/timeline-alchemy/review/review-handler.ts';
import {
  LOCAL_REVIEW_LINK_SECRET,
  signReviewToken,
} from '../../src/features/timeline-alchemy/review/signed-link.ts';
import { closeDb, sql } from './auth-flows-kit.ts';
import { actor, arrange, newClient, rowOf, serviceClient, USERS, uid, url } from './helpers.ts';
import { ADMIN, NOBODY, runMatrix, type Scenario } from './rls-kit.ts';

/**
 * Conversations on a preview (public.preview_comments, 20261128020000_preview_comments.sql): who
 * reads and writes a thread, that nobody writes as someone else, change requests as thread entries,
 * the review-link visitor through the signed-link endpoint, and the notification of the other side.
 */

const content = (text: string) => ({ content: text, platforms: { LinkedIn: text }, selectedPosts: [] });
const previewOf = (client: string, extra: Record<string, unknown> = {}) =>
  arrange('previews', {
    client_id: client,
    channel: 'LinkedIn',
    template: 'LinkedIn',
    draft_content: content('Conversation fixture'),
    ...extra,
  });

/** A comment written by the admin on a fresh preview of client A (as the database function does). */
async function commentOnA(body = 'Fixture comment'): Promise<string> {
  const preview = await previewOf(USERS.clientA.id);
  const { data, error } = await (await actor('admin')).db.rpc('add_preview_comment', {
    preview_id: preview,
    body,
  });
  if (error) throw error;
  return (data as { id: string }).id;
}

const commentsWith = async (body: string) =>
  (await serviceClient().from('preview_comments').select('*').eq('body', body)).data ?? [];

const scenarios: Scenario[] = [
  {
    table: 'preview_comments',
    op: "read a comment on client A's preview",
    allowed: ['clientA', 'admin'],
    run: async (a) => {
      const id = await commentOnA();
      const { data } = await a.db.from('preview_comments').select('id').eq('id', id);
      return (data?.length ?? 0) === 1;
    },
  },
  {
    table: 'preview_comments',
    op: "comment on client A's preview with add_preview_comment()",
    allowed: ['clientA', 'admin'],
    run: async (a) => {
      const preview = await previewOf(USERS.clientA.id);
      const body = `by ${a.name} ${uid()}`;
      await a.db.rpc('add_preview_comment', { preview_id: preview, body });
      return (await commentsWith(body)).length === 1;
    },
  },
  {
    table: 'preview_comments',
    op: 'insert a comment directly (even as themselves)',
    allowed: NOBODY,
    run: async (a) => {
      const preview = await previewOf(USERS.clientA.id);
      const body = `direct ${uid()}`;
      await a.db.from('preview_comments').insert({
        preview_id: preview,
        client_id: USERS.clientA.id,
        revision: 1,
        author_id: a.id,
        author_kind: 'client',
        body,
      });
      return (await commentsWith(body)).length === 1;
    },
  },
  {
    table: 'preview_comments',
    op: "resolve a comment on client A's preview",
    allowed: ['clientA', 'admin'],
    run: async (a) => {
      const id = await commentOnA();
      await a.db.rpc('set_preview_comment_resolved', { comment_id: id, resolved: true });
      return (await rowOf('preview_comments', id))?.['resolved_at'] != null;
    },
  },
  {
    table: 'preview_comments',
    op: 'resolve a comment by a direct update',
    allowed: NOBODY,
    run: async (a) => {
      const id = await commentOnA();
      await a.db.from('preview_comments').update({ resolved_at: new Date().toISOString() }).eq('id', id);
      return (await rowOf('preview_comments', id))?.['resolved_at'] != null;
    },
  },
  {
    table: 'preview_comments',
    op: "edit the admin's comment",
    allowed: ADMIN,
    run: async (a) => {
      const id = await commentOnA();
      await a.db.rpc('edit_preview_comment', { comment_id: id, body: 'Edited' });
      return (await rowOf('preview_comments', id))?.['body'] === 'Edited';
    },
  },
  {
    table: 'preview_comments',
    op: 'delete a comment',
    allowed: NOBODY,
    run: async (a) => {
      const id = await commentOnA();
      await a.db.from('preview_comments').delete().eq('id', id);
      return (await rowOf('preview_comments', id)) === null;
    },
  },
];

afterAll(closeDb);

runMatrix('Timeline Alchemy: conversations', scenarios);

describe('writing in a thread', () => {
  it('the author, their kind, the revision and the time come from the database, never the caller', async () => {
    const preview = await previewOf(USERS.clientA.id);
    await (await actor('admin')).db
      .from('previews')
      .update({ draft_content: content('Second version') })
      .eq('id', preview);
    const { db } = await actor('clientA');
    const { data, error } = await db.rpc('add_preview_comment', {
      preview_id: preview,
      body: '  Looks good  ',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      author_id: USERS.clientA.id,
      author_kind: 'client',
      revision: 2,
      body: 'Looks good',
      client_id: USERS.clientA.id,
      resolved_at: null,
    });
    const at = new Date(String((data as { created_at: string }).created_at)).getTime();
    expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
  });

  it('refuses an empty comment and one over 2000 characters (22023)', async () => {
    const preview = await previewOf(USERS.clientA.id);
    const { db } = await actor('clientA');
    expect((await db.rpc('add_preview_comment', { preview_id: preview, body: '   ' })).error?.code).toBe(
      '22023',
    );
    expect(
      (await db.rpc('add_preview_comment', { preview_id: preview, body: 'x'.repeat(2001) })).error?.code,
    ).toBe('22023');
  });

  it('reopens a resolved comment, and the client cannot edit what the admin wrote', async () => {
    const id = await commentOnA();
    const { db } = await actor('clientA');
    expect(
      (await db.rpc('set_preview_comment_resolved', { comment_id: id, resolved: true })).data,
    ).toMatchObject({
      resolved_by: USERS.clientA.id,
    });
    const reopened = await db.rpc('set_preview_comment_resolved', { comment_id: id, resolved: false });
    expect(reopened.data).toMatchObject({ resolved_at: null, resolved_by: null });
    expect((await db.rpc('edit_preview_comment', { comment_id: id, body: 'Mine now' })).error?.code).toBe(
      'PT404',
    );
  });

  it('an edit by the author marks the comment as edited', async () => {
    const preview = await previewOf(USERS.clientA.id);
    const { db } = await actor('clientA');
    const { data } = await db.rpc('add_preview_comment', { preview_id: preview, body: 'Frist' });
    const edited = await db.rpc('edit_preview_comment', {
      comment_id: (data as { id: string }).id,
      body: 'First',
    });
    expect(edited.data).toMatchObject({ body: 'First' });
    expect((edited.data as { edited_at: string | null }).edited_at).not.toBeNull();
  });
});

describe('change requests are thread entries', () => {
  it("a change request's comment is the thread's entry of its revision, and client_feedback stays", async () => {
    const preview = await previewOf(USERS.clientA.id);
    const { db } = await actor('clientA');
    expect(
      (await db.rpc('request_preview_changes', { preview_id: preview, feedback: 'Shorter, please' })).error,
    ).toBeNull();
    const { data: thread } = await db.from('preview_comments').select('*').eq('preview_id', preview);
    expect(thread).toHaveLength(1);
    expect(thread?.[0]).toMatchObject({
      body: 'Shorter, please',
      revision: 1,
      author_id: USERS.clientA.id,
      author_kind: 'client',
    });
    expect(thread?.[0]?.['history_id']).not.toBeNull();
    expect((await rowOf('previews', preview))?.['client_feedback']).toBe('Shorter, please');
  });
});

describe('notifications', () => {
  const notesOf = (recipient: string, preview: string) =>
    sql<{ kind: string; data: Record<string, unknown> }>(
      `select kind, data from public.notifications
        where recipient_id = $1 and preview_id = $2 and kind <> 'preview_to_review'`,
      [recipient, preview],
    );

  it("an admin's comment notifies the client, the client's answer the admins, never the author", async () => {
    const preview = await previewOf(USERS.clientA.id);
    await (await actor('admin')).db.rpc('add_preview_comment', {
      preview_id: preview,
      body: 'New headline?',
    });
    expect(await notesOf(USERS.clientA.id, preview)).toEqual([
      expect.objectContaining({
        kind: 'preview_comment',
        data: expect.objectContaining({ excerpt: 'New headline?' }),
      }),
    ]);
    expect(await notesOf(USERS.admin.id, preview)).toEqual([]);
    await (await actor('clientA')).db.rpc('add_preview_comment', { preview_id: preview, body: 'Yes please' });
    expect((await notesOf(USERS.admin.id, preview)).map((n) => n.kind)).toEqual(['preview_comment']);
  });

  it('respects the recipient’s choices: Timeline Alchemy off in the app and by mail writes nothing', async () => {
    const preview = await previewOf(USERS.clientB.id);
    const { db } = await actor('clientB');
    const choose = (in_app: boolean, email: string) =>
      db.rpc('set_my_notification_preferences', { topics: [{ topic: 'alchemy', in_app, email }] });
    expect((await choose(false, 'off')).error).toBeNull();
    try {
      await (await actor('admin')).db.rpc('add_preview_comment', { preview_id: preview, body: 'Muted?' });
      expect(await notesOf(USERS.clientB.id, preview)).toEqual([]);
    } finally {
      await choose(true, 'instant');
    }
  });

  it('a change request is notified once (as the change request), not again as a comment', async () => {
    const preview = await previewOf(USERS.clientA.id);
    await (await actor('clientA')).db.rpc('request_preview_changes', {
      preview_id: preview,
      feedback: 'Other image',
    });
    expect((await notesOf(USERS.admin.id, preview)).map((n) => n.kind)).toEqual([
      'preview_changes_requested',
    ]);
  });
});

describe('the review-link visitor', () => {
  async function link(client: string) {
    const { data, error } = await (await actor('admin')).db.rpc('create_review_link', { client_id: client });
    if (error) throw error;
    return (data as { link_id: string; token: string; expires_at: string }[])[0] as {
      link_id: string;
      token: string;
      expires_at: string;
    };
  }
  const signed = (l: { link_id: string; token: string; expires_at: string }) =>
    signReviewToken(LOCAL_REVIEW_LINK_SECRET, { id: l.link_id, random: l.token, expiresAt: l.expires_at });
  const review = (body: unknown) =>
    handleReview(
      new Request('http://site.test/api/timeline-alchemy/review', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      { url: url(), anonKey: inject('supabaseAnonKey'), secret: LOCAL_REVIEW_LINK_SECRET },
    );

  it('writes under the given name through the endpoint and reads the thread back', async () => {
    const preview = await previewOf(USERS.clientA.id);
    const l = await link(USERS.clientA.id);
    const res = await review({
      action: 'comment',
      token: signed(l),
      previewId: preview,
      name: 'Sanne',
      body: 'Nice!',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ author_kind: 'link', author_name: 'Sanne', body: 'Nice!' });
    const [row] = await commentsWith('Nice!');
    expect(row).toMatchObject({ author_id: null, review_link_id: l.link_id, preview_id: preview });
    const thread = (await (await review({ action: 'comments', token: signed(l) })).json()) as {
      body: string;
    }[];
    expect(thread.map((c) => c.body)).toContain('Nice!');
    expect(JSON.stringify(thread)).not.toContain(USERS.admin.id);
    // The admins hear of it.
    const notes = await sql(
      'select 1 from public.notifications where recipient_id = $1 and preview_id = $2 and kind = $3',
      [USERS.admin.id, preview, 'preview_comment'],
    );
    expect(notes).toHaveLength(1);
  });

  it("cannot write on another client's preview, nor without a name (4xx JSON, nothing stored)", async () => {
    const theirs = await previewOf(USERS.clientB.id);
    const mine = await previewOf(USERS.clientA.id);
    const token = signed(await link(USERS.clientA.id));
    const other = await review({
      action: 'comment',
      token,
      previewId: theirs,
      name: 'Sanne',
      body: 'Sneaky',
    });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { code: 'not_found' } });
    const nameless = await review({ action: 'comment', token, previewId: mine, name: ' ', body: 'Nameless' });
    expect(nameless.status).toBe(422);
    expect(await commentsWith('Sneaky')).toHaveLength(0);
    expect(await commentsWith('Nameless')).toHaveLength(0);
  });

  it('a wrong, revoked or expired link writes and reads nothing (401)', async () => {
    const preview = await previewOf(USERS.clientA.id);
    const visitor = newClient();
    const wrong = await visitor.rpc('review_link_add_comment', {
      token: 'x'.repeat(43),
      preview_id: preview,
      name: 'Eve',
      body: 'Guessed',
    });
    expect(wrong.error?.code).toBe('PT401');
    expect((await visitor.rpc('review_link_comments', { token: 'x'.repeat(43) })).error?.code).toBe('PT401');

    const revoked = await link(USERS.clientA.id);
    await (await actor('admin')).db.rpc('revoke_review_link', { link_id: revoked.link_id });
    const r = await review({
      action: 'comment',
      token: signed(revoked),
      previewId: preview,
      name: 'Eve',
      body: 'Revoked',
    });
    expect(r.status).toBe(401);

    const expired = await link(USERS.clientA.id);
    await serviceClient()
      .from('preview_review_links')
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq('id', expired.link_id);
    const e = await visitor.rpc('review_link_add_comment', {
      token: expired.token,
      preview_id: preview,
      name: 'Eve',
      body: 'Expired',
    });
    expect(e.error?.code).toBe('PT401');
    for (const body of ['Guessed', 'Revoked', 'Expired']) expect(await commentsWith(body)).toHaveLength(0);
  });

  it('at most 30 comments an hour through one link (429 with a code)', async () => {
    const preview = await previewOf(USERS.clientA.id);
    const l = await link(USERS.clientA.id);
    await sql(
      `insert into public.preview_comments (preview_id, client_id, revision, author_kind, author_name, review_link_id, body)
       select $1, $2, 1, 'link', 'Bulk', $3, 'bulk ' || g from generate_series(1, 30) g`,
      [preview, USERS.clientA.id, l.link_id],
    );
    const res = await review({
      action: 'comment',
      token: signed(l),
      previewId: preview,
      name: 'Sanne',
      body: 'One more',
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('members and anon read no thread at all', async () => {
    await commentOnA('Private talk');
    for (const name of ['anon', 'memberA', 'clientB'] as const) {
      const { data } = await (await actor(name)).db
        .from('preview_comments')
        .select('id')
        .eq('body', 'Private talk');
      expect(data ?? []).toHaveLength(0);
    }
  });
});
