import { useCallback, useEffect, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showToast } from '~/components/toast.ts';
import { ClientPreviewCard, type ReviewItem } from '../client/ClientPreviewCard.tsx';
import { type DraftContent, draftOf, type PreviewStatus } from '../data.ts';
import { useT } from '../shared/format.ts';
import type { IslandProps } from '../shared/page-props.ts';

type Opened = {
  client: { name: string } | null;
  previews: Array<{
    id: string;
    title: string | null;
    channel: string;
    draft_content: unknown;
    scheduled_at: string | null;
    status: PreviewStatus;
    revision: number;
    reviewed_revision: number | null;
    admin_notes: string | null;
    client_feedback: string | null;
    created_at: string;
    reviewed_content: unknown;
  }>;
};

/**
 * Review without an account: the token comes in the address's #fragment (never sent to a
 * server log), and every call goes to the review_link_* database functions, which check it.
 */
export default function ReviewByLink(props: IslandProps) {
  const t = useT(props.messages);
  // Read in the browser only (the shell is prerendered); the first render is 'loading' either way.
  const [token] = useState(() =>
    typeof location === 'undefined' ? '' : (new URLSearchParams(location.hash.slice(1)).get('token') ?? ''),
  );
  const [data, setData] = useState<Opened | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'invalid' | 'error'>('loading');

  const load = useCallback(async () => {
    const { getSupabase } = await import('~/lib/supabase/client.ts');
    const db = await getSupabase();
    const { data: opened, error } = await db.rpc('review_link_open', { token });
    if (error) {
      setState(error.code === 'PT401' ? 'invalid' : 'error');
      return;
    }
    setData(opened as unknown as Opened);
    setState('ready');
  }, [token]);
  useEffect(() => {
    if (token) load().catch(() => setState('error'));
    else setState('invalid');
  }, [token, load]);

  const call = async (
    fn: 'review_link_approve' | 'review_link_request_changes',
    args: Record<string, unknown>,
    ok: string,
    failed: string,
  ) => {
    const { getSupabase } = await import('~/lib/supabase/client.ts');
    const db = await getSupabase();
    const { error } = await db.rpc(fn, { token, ...args } as never);
    if (error) {
      showToast({
        title: failed,
        variant: 'error',
        ...(error.code === 'PT409' ? { description: t('ta.my.stale') } : {}),
      });
      await load();
      return false;
    }
    showToast({ title: ok });
    await load();
    return true;
  };

  if (state === 'loading') return <LoadingState label={t('ta.my.loading')} />;
  if (state === 'invalid') return <EmptyState title={t('ta.review.invalid')} />;
  if (state === 'error')
    return (
      <ErrorState
        title={t('ta.loadError')}
        retryLabel={t('app.retry')}
        onRetry={() => load().catch(() => setState('error'))}
      />
    );
  const name = data?.client?.name ?? '';
  const previews = data?.previews ?? [];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl">{t('ta.review.title')}</h1>
      <p>{t('ta.review.lead', { name })}</p>
      {previews.length === 0 ? <EmptyState title={t('ta.review.none')} /> : null}
      <ul className="space-y-4">
        {previews.map((p) => {
          const item: ReviewItem = {
            id: p.id,
            title: p.title,
            channel: p.channel,
            draft: draftOf(p.draft_content),
            status: p.status,
            revision: p.revision,
            reviewedRevision: p.reviewed_revision,
            scheduledAt: p.scheduled_at,
            createdAt: p.created_at,
            clientName: name,
            adminNotes: p.admin_notes,
            feedback: p.client_feedback,
          };
          const reviewed: DraftContent | null = p.reviewed_content ? draftOf(p.reviewed_content) : null;
          return (
            <li key={p.id}>
              <ClientPreviewCard
                item={item}
                lang={props.lang}
                t={t}
                reviewed={reviewed}
                onApprove={() =>
                  call(
                    'review_link_approve',
                    { preview_id: p.id, revision: p.revision },
                    t('ta.my.approved'),
                    t('ta.my.approveFailed'),
                  )
                }
                onRequestChanges={(feedback) =>
                  call(
                    'review_link_request_changes',
                    { preview_id: p.id, feedback },
                    t('ta.my.changesRequested'),
                    t('ta.my.changesFailed'),
                  )
                }
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
