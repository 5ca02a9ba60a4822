import { useCallback, useEffect, useReducer, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showToast } from '~/components/toast.ts';
import { fetchJson } from '~/lib/http/fetch-json.ts';
import { errorText } from '~/lib/supabase/errors.ts';
import { ClientPreviewCard, type ReviewItem } from '../client/ClientPreviewCard.tsx';
import { addLinkComment, fetchLinkComments } from '../conversation/conversation-data.ts';
import { Thread } from '../conversation/Thread.tsx';
import { initialThreads, threadsReducer } from '../conversation/thread-state.ts';
import { type DraftContent, draftOf, type PreviewStatus } from '../data.ts';
import { useT } from '../shared/format.ts';
import type { IslandProps } from '../shared/page-props.ts';
import { readVisitorName, rememberVisitorName } from './visitor-name.ts';

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

const ENDPOINT = '/api/timeline-alchemy/review';
/** Without a session there is no realtime channel: the threads are read again this often. */
const THREAD_POLL_MS = 20_000;

/**
 * Review without an account: the signed token comes in the address's #fragment (never sent to a
 * server log) and goes in the body to /api/timeline-alchemy/review, which checks its signature
 * and expiry before the review_link_* database functions check the link itself.
 */
export default function ReviewByLink(props: IslandProps) {
  const t = useT(props.messages, props.lang);
  // Read in the browser only (the shell is prerendered); the first render is 'loading' either way.
  const [token] = useState(() =>
    typeof location === 'undefined' ? '' : (new URLSearchParams(location.hash.slice(1)).get('token') ?? ''),
  );
  const [data, setData] = useState<Opened | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'invalid' | 'error'>('loading');
  const [threads, dispatch] = useReducer(threadsReducer, initialThreads);
  const [visitorName, setVisitorName] = useState('');
  // The name given on an earlier comment in this browser (after hydration: the shell is prerendered).
  useEffect(() => setVisitorName(readVisitorName(globalThis.localStorage)), []);
  const readThreads = useCallback(
    () =>
      fetchLinkComments(token).then(
        (comments) => dispatch({ type: 'loaded', comments }),
        () => dispatch({ type: 'failed' }),
      ),
    [token],
  );
  useEffect(() => {
    if (state !== 'ready') return;
    void readThreads();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void readThreads();
    }, THREAD_POLL_MS);
    return () => clearInterval(timer);
  }, [state, readThreads]);
  const sendComment = async (previewId: string, body: string) => {
    try {
      const comment = await addLinkComment(token, previewId, visitorName.trim(), body);
      dispatch({ type: 'upsert', comment });
      rememberVisitorName(globalThis.localStorage, visitorName);
      return null;
    } catch (error) {
      return errorText(t, error);
    }
  };

  const load = useCallback(async () => {
    const answer = await fetchJson<Opened>(ENDPOINT, { body: { action: 'open', token } });
    if (!answer.ok) {
      setState(answer.code === 'invalid_link' ? 'invalid' : 'error');
      return;
    }
    setData(answer.data);
    setState('ready');
  }, [token]);
  useEffect(() => {
    if (token) load().catch(() => setState('error'));
    else setState('invalid');
  }, [token, load]);

  const call = async (
    action: 'approve' | 'request_changes',
    args: Record<string, unknown>,
    ok: string,
    failed: string,
  ) => {
    const answer = await fetchJson(ENDPOINT, { body: { action, token, ...args } });
    if (!answer.ok) {
      showToast({
        title: failed,
        variant: 'error',
        ...(answer.code === 'stale' ? { description: t('ta.my.stale') } : {}),
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
                thread={
                  <Thread
                    previewId={p.id}
                    revision={p.revision}
                    comments={threads.comments}
                    status={threads.status}
                    lang={props.lang}
                    t={t}
                    onSend={(body) => sendComment(p.id, body)}
                    name={{ value: visitorName, onChange: setVisitorName }}
                  />
                }
                onApprove={() =>
                  call(
                    'approve',
                    { previewId: p.id, revision: p.revision },
                    t('ta.my.approved'),
                    t('ta.my.approveFailed'),
                  )
                }
                onRequestChanges={(feedback) =>
                  call(
                    'request_changes',
                    { previewId: p.id, feedback },
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
