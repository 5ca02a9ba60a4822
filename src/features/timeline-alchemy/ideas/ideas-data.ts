import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { must, type PreviewStatus } from '../data.ts';

/** The ideas screen's queries: every read and write of `ideas` goes through here (RLS: admins). */

type IdeaStatus = 'draft' | 'published' | 'archived';
export type Idea = {
  id: string;
  title: string;
  description: string | null;
  status: IdeaStatus;
  created_at: string;
  previews: Array<{ id: string; status: PreviewStatus }>;
};
export type IdeaInput = { title: string; description: string | null };

/** The ideas that are not archived, newest first, with their previews' statuses. */
export async function fetchIdeas(db: TypedSupabaseClient): Promise<Idea[]> {
  const rows = await must(
    db
      .from('ideas')
      .select('id, title, description, status, created_at, previews(id, status)')
      .neq('status', 'archived')
      .order('created_at', { ascending: false }),
  );
  return (rows ?? []) as unknown as Idea[];
}

/** Creates a draft idea (no id) or changes an idea's title and description. */
export async function saveIdea(db: TypedSupabaseClient, id: string | null, input: IdeaInput): Promise<void> {
  if (id) await must(db.from('ideas').update(input).eq('id', id));
  else await must(db.from('ideas').insert({ ...input, status: 'draft' }));
}

export async function archiveIdea(db: TypedSupabaseClient, id: string): Promise<void> {
  await must(db.from('ideas').update({ status: 'archived' }).eq('id', id));
}
