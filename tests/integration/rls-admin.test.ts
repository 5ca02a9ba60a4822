import { arrange, rowOf, USERS, uid } from './helpers.ts';
import {
  ADMIN,
  canDelete,
  canInsert,
  canSelect,
  canUpdate,
  EVERYONE,
  NOBODY,
  runMatrix,
  type Scenario,
} from './rls-kit.ts';

const CLIENT_A_RECORD = 'f0000000-0000-4000-8000-000000000001';
const CLIENT_B_RECORD = 'f0000000-0000-4000-8000-000000000002';
const IDEA_OF_CLIENT_A = '20000000-0000-4000-8000-000000000001';
const BLOG_POST_IN_CLIENT_A_PREVIEW = '10000000-0000-4000-8000-000000000001';
const BLOG_POST_IN_NO_PREVIEW = '10000000-0000-4000-8000-000000000003';
const PREVIEW_OF_CLIENT_A = '30000000-0000-4000-8000-000000000001';
const CONTACT_MESSAGE = '50000000-0000-4000-8000-000000000001';

const idea = () => arrange('ideas', { title: 'Fixture idea', created_by: USERS.admin.id });
const blogPost = () => arrange('blog_posts', { title: 'Fixture blog post', author_id: USERS.admin.id });
const preview = (status = 'pending') =>
  arrange('previews', {
    client_id: USERS.clientA.id,
    idea_id: IDEA_OF_CLIENT_A,
    channel: 'LinkedIn',
    template: 'LinkedIn',
    status,
  });
const email = () => `c-${uid().slice(0, 13)}@example.org`;

async function rpcChangesStatus(
  a: { db: import('@supabase/supabase-js').SupabaseClient },
  fn: string,
  args: Record<string, unknown>,
  id: string,
  status: string,
): Promise<boolean> {
  await a.db.rpc(fn, args);
  return (await rowOf('previews', id))?.['status'] === status;
}

const scenarios: Scenario[] = [
  // clients -------------------------------------------------------------------------------
  {
    table: 'clients',
    op: "read client A's record",
    allowed: ['admin', 'clientA'],
    run: (a) => canSelect(a, 'clients', CLIENT_A_RECORD),
  },
  {
    table: 'clients',
    op: "read client B's record",
    allowed: ['admin', 'clientB'],
    run: (a) => canSelect(a, 'clients', CLIENT_B_RECORD),
  },
  {
    table: 'clients',
    op: 'insert',
    allowed: ADMIN,
    run: (a) => canInsert(a, 'clients', { name: 'New client' }),
  },
  {
    table: 'clients',
    op: 'update',
    allowed: ADMIN,
    run: async (a) =>
      canUpdate(a, 'clients', await arrange('clients', { name: 'C' }), { organization: 'Org' }),
  },
  {
    table: 'clients',
    op: 'delete',
    allowed: ADMIN,
    run: async (a) => canDelete(a, 'clients', await arrange('clients', { name: 'C' })),
  },
  // ideas ---------------------------------------------------------------------------------
  {
    table: 'ideas',
    op: "read an idea of client A's preview",
    allowed: ['admin', 'clientA'],
    run: (a) => canSelect(a, 'ideas', IDEA_OF_CLIENT_A),
  },
  {
    table: 'ideas',
    op: 'read an idea without previews',
    allowed: ADMIN,
    run: async (a) => canSelect(a, 'ideas', await idea()),
  },
  {
    table: 'ideas',
    op: 'insert',
    allowed: ADMIN,
    run: (a) => canInsert(a, 'ideas', { title: 'Idea', created_by: a.id }),
  },
  {
    table: 'ideas',
    op: 'update',
    allowed: ADMIN,
    run: async (a) => canUpdate(a, 'ideas', await idea(), { title: 'Renamed' }),
  },
  { table: 'ideas', op: 'delete', allowed: ADMIN, run: async (a) => canDelete(a, 'ideas', await idea()) },
  // blog_posts ----------------------------------------------------------------------------
  {
    table: 'blog_posts',
    op: "read a post in client A's preview",
    allowed: ['admin', 'clientA'],
    run: (a) => canSelect(a, 'blog_posts', BLOG_POST_IN_CLIENT_A_PREVIEW),
  },
  {
    table: 'blog_posts',
    op: 'read a post in no preview',
    allowed: ADMIN,
    run: (a) => canSelect(a, 'blog_posts', BLOG_POST_IN_NO_PREVIEW),
  },
  {
    table: 'blog_posts',
    op: 'insert',
    allowed: ADMIN,
    run: (a) => canInsert(a, 'blog_posts', { title: 'Post', author_id: a.id }),
  },
  {
    table: 'blog_posts',
    op: 'update',
    allowed: ADMIN,
    run: async (a) =>
      canUpdate(a, 'blog_posts', await blogPost(), { image_url: 'https://example.com/x.png' }),
  },
  {
    table: 'blog_posts',
    op: 'delete',
    allowed: ADMIN,
    run: async (a) => canDelete(a, 'blog_posts', await blogPost()),
  },
  // previews ------------------------------------------------------------------------------
  {
    table: 'previews',
    op: "read client A's preview",
    allowed: ['admin', 'clientA'],
    run: (a) => canSelect(a, 'previews', PREVIEW_OF_CLIENT_A),
  },
  {
    table: 'previews',
    op: 'insert',
    allowed: ADMIN,
    run: (a) =>
      canInsert(a, 'previews', {
        client_id: USERS.clientA.id,
        channel: 'X',
        template: 'X',
        created_by: a.id,
      }),
  },
  {
    table: 'previews',
    op: 'set status by direct update',
    // Status changes only through the preview functions (approval is pinned to a revision).
    allowed: NOBODY,
    run: async (a) => canUpdate(a, 'previews', await preview(), { status: 'approved' }),
  },
  {
    table: 'previews',
    op: 'edit admin notes',
    allowed: ADMIN,
    run: async (a) => canUpdate(a, 'previews', await preview(), { admin_notes: 'Changed' }),
  },
  {
    table: 'previews',
    op: 'delete',
    allowed: ADMIN,
    run: async (a) => canDelete(a, 'previews', await preview()),
  },
  {
    table: 'previews',
    op: "approve_preview() on client A's pending preview",
    allowed: ['clientA'],
    run: async (a) => {
      const id = await preview();
      return rpcChangesStatus(a, 'approve_preview', { preview_id: id }, id, 'approved');
    },
  },
  {
    table: 'previews',
    op: 'approve_preview() on a rejected preview',
    allowed: NOBODY,
    run: async (a) => {
      const id = await preview('rejected');
      return rpcChangesStatus(a, 'approve_preview', { preview_id: id }, id, 'approved');
    },
  },
  {
    table: 'previews',
    op: 'request_preview_changes() with feedback',
    allowed: ['clientA'],
    run: async (a) => {
      const id = await preview('approved');
      return rpcChangesStatus(
        a,
        'request_preview_changes',
        { preview_id: id, feedback: 'Shorter please' },
        id,
        'rejected',
      );
    },
  },
  {
    table: 'previews',
    op: 'request_preview_changes() with blank feedback',
    allowed: NOBODY,
    run: async (a) => {
      const id = await preview();
      return rpcChangesStatus(
        a,
        'request_preview_changes',
        { preview_id: id, feedback: '   ' },
        id,
        'rejected',
      );
    },
  },
  // newsletter: tests/integration/newsletter.test.ts (double opt-in, append-only ledger)
  // contact messages ----------------------------------------------------------------------
  {
    table: 'contact_messages',
    op: 'select',
    allowed: ADMIN,
    run: (a) => canSelect(a, 'contact_messages', CONTACT_MESSAGE),
  },
  {
    table: 'contact_messages',
    op: 'insert',
    allowed: EVERYONE,
    run: (a) =>
      canInsert(a, 'contact_messages', {
        first_name: 'Ann',
        last_name: 'Lee',
        email: email(),
        subject: 'Hi',
        message: 'Hello there',
      }),
  },
  {
    table: 'contact_messages',
    op: 'mark handled',
    allowed: ADMIN,
    run: async (a) => {
      const id = await arrange('contact_messages', {
        first_name: 'A',
        last_name: 'B',
        email: email(),
        subject: 'S',
        message: 'M',
      });
      // handled_at is server-owned: the database stamps its own clock, whatever the caller sends.
      await a.db.from('contact_messages').update({ handled_at: '2026-01-01T00:00:00+00:00' }).eq('id', id);
      return (await rowOf('contact_messages', id))?.['handled_at'] != null;
    },
  },
  {
    table: 'contact_messages',
    op: 'delete',
    allowed: ADMIN,
    run: async (a) =>
      canDelete(
        a,
        'contact_messages',
        await arrange('contact_messages', {
          first_name: 'A',
          last_name: 'B',
          email: email(),
          subject: 'S',
          message: 'M',
        }),
      ),
  },
];

runMatrix('RLS matrix: Timeline Alchemy, newsletter, contact', scenarios);
