import { arrange, freshUser, rowOf, serviceClient, USERS, uid } from './helpers.ts';
import {
  ADMIN,
  AUTHENTICATED,
  canDelete,
  canInsert,
  canSelect,
  canUpdate,
  EVERYONE,
  NOBODY,
  other,
  own,
  runMatrix,
  type Scenario,
} from './rls-kit.ts';

const SEEDED_POST = 'a0000000-0000-4000-8000-000000000002';
const SEEDED_LIKE = 'b0000000-0000-4000-8000-000000000001';
const SEEDED_COMMENT = 'c0000000-0000-4000-8000-000000000003';
const SEEDED_FRIENDSHIP_A_B = 'e0000000-0000-4000-8000-000000000001';

/** Seeded profiles are shared by all tests: put back whatever a scenario changed. */
async function restoring(profileId: string, run: () => Promise<boolean>): Promise<boolean> {
  const before = await rowOf('profiles', profileId);
  try {
    return await run();
  } finally {
    await serviceClient()
      .from('profiles')
      .update({ bio: before?.['bio'], role: before?.['role'] })
      .eq('id', profileId);
  }
}

const post = (owner: string) =>
  arrange('posts', { user_id: owner, title: 'Fixture', content: 'Fixture post' });
const message = (from: string, to: string) =>
  arrange('messages', { sender_id: from, receiver_id: to, content: 'Fixture' });
const friendship = (from: string, to: string, status = 'pending') =>
  arrange('friendships', { requester_id: from, addressee_id: to, status });

const scenarios: Scenario[] = [
  // profiles ------------------------------------------------------------------------------
  {
    table: 'profiles',
    op: 'select a profile',
    allowed: AUTHENTICATED,
    run: (a) => canSelect(a, 'profiles', USERS.memberC.id),
  },
  {
    table: 'profiles',
    op: 'update own bio',
    allowed: AUTHENTICATED,
    run: (a) =>
      restoring(a.id ?? USERS.memberC.id, () =>
        canUpdate(a, 'profiles', a.id ?? USERS.memberC.id, { bio: `bio ${uid()}` }),
      ),
  },
  {
    table: 'profiles',
    op: "update someone else's bio",
    allowed: ADMIN,
    run: async (a) => canUpdate(a, 'profiles', (await freshUser()).id, { bio: 'changed' }),
  },
  {
    table: 'profiles',
    op: 'promote self to admin',
    allowed: NOBODY,
    actors: ['anon', 'memberA', 'memberB', 'clientA', 'clientB'],
    run: (a) =>
      restoring(a.id ?? USERS.memberC.id, () =>
        canUpdate(a, 'profiles', a.id ?? USERS.memberC.id, { role: 'admin' }),
      ),
  },
  {
    table: 'profiles',
    op: "change someone else's role",
    allowed: ADMIN,
    run: async (a) => canUpdate(a, 'profiles', (await freshUser()).id, { role: 'client' }),
  },
  {
    table: 'profiles',
    op: 'admin_set_role()',
    allowed: ADMIN,
    run: async (a) => {
      const target = await freshUser();
      await a.db.rpc('admin_set_role', { target_user_id: target.id, new_role: 'client' });
      return (await rowOf('profiles', target.id))?.['role'] === 'client';
    },
  },
  {
    table: 'profiles',
    op: 'insert a profile for another user',
    allowed: NOBODY,
    run: async (a) => {
      const target = await freshUser();
      await serviceClient().from('profiles').delete().eq('id', target.id);
      return canInsert(a, 'profiles', { id: target.id, user_id: target.id, display_name: 'Forged' });
    },
  },
  {
    table: 'profiles',
    op: 'delete a profile',
    allowed: ADMIN,
    run: async (a) => canDelete(a, 'profiles', (await freshUser()).id),
  },
  // posts ---------------------------------------------------------------------------------
  { table: 'posts', op: 'select', allowed: EVERYONE, run: (a) => canSelect(a, 'posts', SEEDED_POST) },
  {
    table: 'posts',
    op: 'insert as self',
    allowed: AUTHENTICATED,
    run: (a) => canInsert(a, 'posts', { user_id: own(a), title: 'Mine', content: 'Hello' }),
  },
  {
    table: 'posts',
    op: 'insert in another name',
    allowed: NOBODY,
    run: (a) => canInsert(a, 'posts', { user_id: other(a), title: 'Forged', content: 'Hello' }),
  },
  {
    table: 'posts',
    op: 'update own',
    allowed: AUTHENTICATED,
    run: async (a) => canUpdate(a, 'posts', await post(own(a)), { content: 'Edited' }),
  },
  {
    table: 'posts',
    op: "update another's",
    allowed: NOBODY,
    run: async (a) => canUpdate(a, 'posts', await post(other(a)), { content: 'Edited' }),
  },
  {
    table: 'posts',
    op: 'delete own',
    allowed: AUTHENTICATED,
    run: async (a) => canDelete(a, 'posts', await post(own(a))),
  },
  {
    table: 'posts',
    op: "delete another's",
    allowed: ADMIN,
    run: async (a) => canDelete(a, 'posts', await post(other(a))),
  },
  // likes ---------------------------------------------------------------------------------
  { table: 'likes', op: 'select', allowed: AUTHENTICATED, run: (a) => canSelect(a, 'likes', SEEDED_LIKE) },
  {
    table: 'likes',
    op: 'like as self',
    allowed: AUTHENTICATED,
    run: async (a) => canInsert(a, 'likes', { post_id: await post(other(a)), user_id: own(a) }),
  },
  {
    table: 'likes',
    op: 'like in another name',
    allowed: NOBODY,
    run: async (a) => canInsert(a, 'likes', { post_id: await post(own(a)), user_id: other(a) }),
  },
  {
    table: 'likes',
    op: 'like the same post twice',
    allowed: NOBODY,
    run: async (a) => {
      const postId = await post(other(a));
      await arrange('likes', { post_id: postId, user_id: own(a) });
      return canInsert(a, 'likes', { post_id: postId, user_id: own(a) });
    },
  },
  {
    table: 'likes',
    op: 'update own like',
    allowed: NOBODY,
    run: async (a) => {
      const like = await arrange('likes', { post_id: await post(other(a)), user_id: own(a) });
      return canUpdate(a, 'likes', like, { post_id: await post(other(a)) });
    },
  },
  {
    table: 'likes',
    op: 'delete own like',
    allowed: AUTHENTICATED,
    run: async (a) =>
      canDelete(a, 'likes', await arrange('likes', { post_id: await post(other(a)), user_id: own(a) })),
  },
  {
    table: 'likes',
    op: "delete another's like",
    allowed: NOBODY,
    run: async (a) =>
      canDelete(a, 'likes', await arrange('likes', { post_id: await post(own(a)), user_id: other(a) })),
  },
  // comments ------------------------------------------------------------------------------
  {
    table: 'comments',
    op: 'select',
    allowed: AUTHENTICATED,
    run: (a) => canSelect(a, 'comments', SEEDED_COMMENT),
  },
  {
    table: 'comments',
    op: 'comment as self',
    allowed: AUTHENTICATED,
    run: async (a) =>
      canInsert(a, 'comments', { post_id: await post(other(a)), user_id: own(a), content: 'Nice' }),
  },
  {
    table: 'comments',
    op: 'comment in another name',
    allowed: NOBODY,
    run: async (a) =>
      canInsert(a, 'comments', { post_id: await post(own(a)), user_id: other(a), content: 'Forged' }),
  },
  {
    table: 'comments',
    op: 'edit own',
    allowed: AUTHENTICATED,
    run: async (a) => {
      const id = await arrange('comments', {
        post_id: await post(other(a)),
        user_id: own(a),
        content: 'Old',
      });
      return canUpdate(a, 'comments', id, { content: 'New' });
    },
  },
  {
    table: 'comments',
    op: "edit another's",
    allowed: NOBODY,
    run: async (a) => {
      const id = await arrange('comments', {
        post_id: await post(own(a)),
        user_id: other(a),
        content: 'Old',
      });
      return canUpdate(a, 'comments', id, { content: 'New' });
    },
  },
  {
    table: 'comments',
    op: 'delete own',
    allowed: AUTHENTICATED,
    run: async (a) =>
      canDelete(
        a,
        'comments',
        await arrange('comments', { post_id: await post(other(a)), user_id: own(a), content: 'x' }),
      ),
  },
  {
    // Issue 8: a post's author may remove comments on their own post.
    table: 'comments',
    op: "delete another's comment on one's own post",
    allowed: AUTHENTICATED,
    run: async (a) =>
      canDelete(
        a,
        'comments',
        await arrange('comments', { post_id: await post(own(a)), user_id: other(a), content: 'x' }),
      ),
  },
  {
    table: 'comments',
    op: "delete another's comment on another's post",
    allowed: ADMIN,
    run: async (a) =>
      canDelete(
        a,
        'comments',
        await arrange('comments', { post_id: await post(other(a)), user_id: other(a), content: 'x' }),
      ),
  },
  // messages ------------------------------------------------------------------------------
  {
    table: 'messages',
    op: 'read a message between member A and member B',
    allowed: ['memberA', 'memberB'],
    run: async (a) => canSelect(a, 'messages', await message(USERS.memberA.id, USERS.memberB.id)),
  },
  {
    table: 'messages',
    op: 'send as self',
    allowed: AUTHENTICATED,
    run: (a) => canInsert(a, 'messages', { sender_id: own(a), receiver_id: USERS.memberC.id, content: 'Hi' }),
  },
  {
    table: 'messages',
    op: 'send in another name',
    allowed: NOBODY,
    run: (a) => canInsert(a, 'messages', { sender_id: other(a), receiver_id: own(a), content: 'Forged' }),
  },
  {
    table: 'messages',
    op: 'sender edits a sent message',
    allowed: NOBODY,
    run: async (a) => canUpdate(a, 'messages', await message(own(a), other(a)), { content: 'Edited' }),
  },
  {
    table: 'messages',
    // Read state is server-owned: only mark_conversation_read() sets it (messages-rls.test.ts).
    op: 'receiver marks read directly',
    allowed: NOBODY,
    run: async (a) => canUpdate(a, 'messages', await message(other(a), own(a)), { read: true }),
  },
  {
    table: 'messages',
    op: 'receiver edits the text',
    allowed: NOBODY,
    run: async (a) => canUpdate(a, 'messages', await message(other(a), own(a)), { content: 'Edited' }),
  },
  {
    table: 'messages',
    op: 'mark read a message to member B directly',
    allowed: NOBODY,
    run: async (a) =>
      canUpdate(a, 'messages', await message(USERS.memberA.id, USERS.memberB.id), { read: true }),
  },
  {
    table: 'messages',
    op: 'delete a sent message',
    allowed: NOBODY,
    run: async (a) => canDelete(a, 'messages', await message(own(a), other(a))),
  },
  // friendships ---------------------------------------------------------------------------
  {
    table: 'friendships',
    op: 'read the A-B friendship',
    allowed: ['memberA', 'memberB'],
    run: (a) => canSelect(a, 'friendships', SEEDED_FRIENDSHIP_A_B),
  },
  {
    table: 'friendships',
    op: 'insert directly',
    allowed: NOBODY,
    run: async (a) =>
      canInsert(a, 'friendships', { requester_id: own(a), addressee_id: (await freshUser()).id }),
  },
  {
    table: 'friendships',
    op: 'accept by direct update',
    allowed: NOBODY,
    run: async (a) =>
      canUpdate(a, 'friendships', await friendship((await freshUser()).id, own(a)), { status: 'accepted' }),
  },
  {
    table: 'friendships',
    op: 'delete directly',
    allowed: NOBODY,
    run: async (a) =>
      canDelete(a, 'friendships', await friendship(own(a), (await freshUser()).id, 'accepted')),
  },
  {
    table: 'friendships',
    op: 'send_friend_request()',
    allowed: AUTHENTICATED,
    run: async (a) => {
      const target = await freshUser();
      await a.db.rpc('send_friend_request', { target_id: target.id });
      const { data } = await serviceClient().from('friendships').select('id').eq('addressee_id', target.id);
      return (data?.length ?? 0) === 1;
    },
  },
  {
    table: 'friendships',
    op: 'accept_friend_request() addressed to me',
    allowed: AUTHENTICATED,
    run: async (a) => {
      const id = await friendship((await freshUser()).id, own(a));
      await a.db.rpc('accept_friend_request', { request_id: id });
      return (await rowOf('friendships', id))?.['status'] === 'accepted';
    },
  },
  {
    table: 'friendships',
    op: 'accept_friend_request() I sent myself',
    allowed: NOBODY,
    run: async (a) => {
      const id = await friendship(own(a), (await freshUser()).id);
      await a.db.rpc('accept_friend_request', { request_id: id });
      return (await rowOf('friendships', id))?.['status'] === 'accepted';
    },
  },
  {
    table: 'friendships',
    op: 'accept_friend_request() between two others',
    allowed: NOBODY,
    run: async (a) => {
      const id = await friendship((await freshUser()).id, (await freshUser()).id);
      await a.db.rpc('accept_friend_request', { request_id: id });
      return (await rowOf('friendships', id))?.['status'] === 'accepted';
    },
  },
  {
    table: 'friendships',
    op: 'decline_friend_request() addressed to me',
    allowed: AUTHENTICATED,
    run: async (a) => {
      const id = await friendship((await freshUser()).id, own(a));
      await a.db.rpc('decline_friend_request', { request_id: id });
      return (await rowOf('friendships', id))?.['status'] === 'declined';
    },
  },
  {
    table: 'friendships',
    op: 'remove_friend()',
    allowed: AUTHENTICATED,
    run: async (a) => {
      const friend = await freshUser();
      const id = await friendship(own(a), friend.id, 'accepted');
      await a.db.rpc('remove_friend', { other_id: friend.id });
      return (await rowOf('friendships', id)) === null;
    },
  },
];

runMatrix('RLS matrix: community', scenarios);
