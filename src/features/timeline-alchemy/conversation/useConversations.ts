import { useCallback, useReducer } from 'react';
import { showToast } from '~/components/toast.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { errorText } from '~/lib/supabase/errors.ts';
import { useLive } from '~/lib/supabase/use-live.ts';
import type { T } from '../shared/format.ts';
import { addComment, editComment, fetchComments, setResolved } from './conversation-data.ts';
import { asComment, initialThreads, threadsReducer } from './thread-state.ts';

/**
 * The conversations of the previews on a signed-in page, live through THE live helper: one read of
 * every thread shown, one channel on preview_comments (RLS delivers only the threads the person
 * may read), so the other side's comment, resolve or edit appears without a reload.
 */
export function useConversations(
  db: TypedSupabaseClient,
  previewIds: readonly string[],
  t: T,
  /** The signed-in person: their own comments get an edit button. */
  userId: string,
) {
  const [state, dispatch] = useReducer(threadsReducer, initialThreads);
  const key = [...previewIds].sort().join(',');

  useLive(db, () => {
    const shown = new Set(previewIds);
    return {
      tables: [{ table: 'preview_comments' }],
      fetch: () => fetchComments(db, [...shown]),
      onData: (comments) => dispatch({ type: 'loaded', comments }),
      onChange: (change) => {
        const comment = change.type === 'DELETE' ? null : asComment(change.record);
        if (comment && shown.has(comment.preview_id)) dispatch({ type: 'upsert', comment });
      },
      onError: () => dispatch({ type: 'failed' }),
    };
  }, [key]);

  /** null when sent; otherwise why not, in the page's language (the box keeps the text). */
  const send = useCallback(
    async (previewId: string, body: string): Promise<string | null> => {
      try {
        dispatch({ type: 'upsert', comment: await addComment(db, previewId, body) });
        return null;
      } catch (error) {
        return errorText(t, error);
      }
    },
    [db, t],
  );

  const resolve = useCallback(
    async (id: string, resolved: boolean) => {
      try {
        dispatch({ type: 'upsert', comment: await setResolved(db, id, resolved) });
        return true;
      } catch (error) {
        showToast({ title: errorText(t, error), variant: 'error' });
        return false;
      }
    },
    [db, t],
  );

  /** null when saved; otherwise why not (the edit box keeps the text). */
  const edit = useCallback(
    async (id: string, body: string): Promise<string | null> => {
      try {
        dispatch({ type: 'upsert', comment: await editComment(db, id, body) });
        return null;
      } catch (error) {
        return errorText(t, error);
      }
    },
    [db, t],
  );

  /** What a card's <Thread> needs for one preview (the page adds lang and t). */
  const threadProps = (previewId: string, revision: number) => ({
    previewId,
    revision,
    comments: state.comments,
    status: state.status,
    me: userId,
    onSend: (body: string) => send(previewId, body),
    onResolve: resolve,
    onEdit: edit,
  });

  return { threadProps };
}
