import { useEffect, useMemo, useRef, useState } from 'react';
import { LazyConfirmDialog, useConfirmPreload } from '~/components/app/LazyConfirmDialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showFailure, showToast } from '~/components/toast.ts';
import { ReportButton } from '~/features/moderation/islands.ts';
import type { Tr } from '~/i18n/bind.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { useFirstContent } from '~/lib/first-content.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { addComment, type FeedComment, setLike } from './feed-data.ts';
import { NewPostForm } from './NewPostForm.tsx';
import { PostCard } from './PostCard.tsx';
import { useFeed } from './useFeed.ts';

type Props = {
  db: TypedSupabaseClient;
  me: string;
  isAdmin: boolean;
  intlLocale: string;
  profileHref: (userId: string) => string;
  t: Tr;
};

type Confirm = { kind: 'post'; id: string } | { kind: 'comment'; comment: FeedComment } | null;

const anchorFromHash = () => /^#post-([0-9a-f-]{36})$/i.exec(location.hash)?.[1]?.toLowerCase() ?? null;

/** The community feed: new-post form, live posts with likes and comments, keyset "load more". */
export function Feed({ db, me, isAdmin, intlLocale, profileHref, t }: Props) {
  const unknownName = t('community.unknownUser');
  const [anchor, setAnchor] = useState<string | null>(() => anchorFromHash());
  const feed = useFeed(db, me, unknownName, anchor);
  useFirstContent(feed.status === 'ready');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const confirmArea = useConfirmPreload<HTMLDivElement>();
  const dateFormat = useMemo(
    () => dateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short' }),
    [intlLocale],
  );
  const formatDate = (iso: string) => dateFormat.format(new Date(iso));

  useEffect(() => {
    const onHash = () => setAnchor(anchorFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // Scroll the linked post into view once it is rendered, and move focus there.
  useEffect(() => {
    if (feed.status !== 'ready' || !anchor) return;
    const el = document.getElementById(`post-${anchor}`);
    if (el) {
      el.scrollIntoView({ block: 'start' });
      el.focus({ preventScroll: true });
    }
  }, [feed.status, anchor]);

  // Loading on scroll: the sentinel after the last post asks for the next page.
  const { hasMore, loadMore, loadingMore } = feed;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loadingMore) void loadMore().catch(() => {});
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadMore, loadingMore]);

  const toggleLike = async (postId: string) => {
    const post = feed.posts.find((p) => p.id === postId);
    if (!post) return;
    const liked = !post.likedByMe;
    feed.like(postId, liked);
    try {
      await setLike(db, postId, me, liked);
    } catch (error) {
      feed.like(postId, !liked);
      void showFailure(t('community.like.error'), t, error);
    }
  };

  const sendComment = async (postId: string, content: string) => {
    try {
      feed.addLocalComment(await addComment(db, { postId, userId: me, content }, unknownName));
      showToast({ title: t('community.comments.added') });
      return true;
    } catch (error) {
      await showFailure(t('community.comments.error'), t, error, {
        rate_limit: t('community.comments.rateLimit'),
      });
      return false;
    }
  };

  const runConfirm = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'post') {
        await feed.deletePost(confirm.id);
        showToast({ title: t('community.post.deleted') });
      } else {
        await feed.deleteComment(confirm.comment);
        showToast({ title: t('community.comments.deleted') });
      }
      setConfirm(null);
    } catch (error) {
      void showFailure(t('community.post.deleteError'), t, error);
    } finally {
      setBusy(false);
    }
  };

  const pendingCount = feed.pending.length;
  return (
    <div className="space-y-6" ref={confirmArea}>
      <NewPostForm db={db} me={me} unknownName={unknownName} t={t} onCreated={feed.addOwnPost} />
      <section aria-labelledby="feed-heading" className="space-y-4" data-live={feed.live}>
        <h2 id="feed-heading" className="sr-only">
          {t('community.feed.heading')}
        </h2>
        <div role="status" aria-live="polite" className="text-sm">
          {feed.live === 'lost' ? (
            <p className="rounded-lg bg-gold-light px-3 py-2 text-night">{t('community.live.lost')}</p>
          ) : feed.live === 'recovered' ? (
            <p className="rounded-lg bg-lilac px-3 py-2 text-night">{t('community.live.back')}</p>
          ) : null}
        </div>
        {pendingCount > 0 ? (
          <div className="sticky top-20 z-10 flex justify-center">
            <button type="button" className="btn-primary shadow-lg" onClick={feed.showPending}>
              {pendingCount === 1
                ? t('community.feed.newPosts.one')
                : t('community.feed.newPosts.other', { count: pendingCount })}
            </button>
          </div>
        ) : null}
        {feed.status === 'loading' ? (
          // A screen's height where the member directory comes below the feed: it does not jump
          // down when the posts arrive.
          <LoadingState label={t('app.loading')} className="max-lg:min-h-screen" />
        ) : feed.status === 'error' ? (
          <ErrorState title={t('community.feed.error')} retryLabel={t('app.retry')} onRetry={feed.retry} />
        ) : feed.posts.length === 0 ? (
          <EmptyState title={t('community.feed.empty')} text={t('community.feed.emptyText')} />
        ) : (
          <>
            {feed.posts.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                comments={feed.comments[post.id]}
                highlighted={post.id === anchor}
                canDelete={post.userId === me || isAdmin}
                canDeleteComment={(c) => c.userId === me || post.userId === me || isAdmin}
                profileHref={profileHref}
                formatDate={formatDate}
                t={t}
                onLike={() => void toggleLike(post.id)}
                onDelete={() => setConfirm({ kind: 'post', id: post.id })}
                onComment={(content) => sendComment(post.id, content)}
                onDeleteComment={(comment) => setConfirm({ kind: 'comment', comment })}
                report={
                  post.userId === me ? null : (
                    <ReportButton
                      db={db}
                      me={me}
                      target={{ kind: 'post', id: post.id }}
                      label={post.title}
                      t={t}
                    />
                  )
                }
                renderCommentReport={(c) =>
                  c.userId === me ? null : (
                    <ReportButton
                      db={db}
                      me={me}
                      target={{ kind: 'comment', id: c.id }}
                      label={c.content.slice(0, 40)}
                      t={t}
                    />
                  )
                }
              />
            ))}
            <div ref={sentinel} />
            {feed.hasMore ? (
              <div className="flex justify-center">
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={feed.loadingMore}
                  onClick={() =>
                    void feed
                      .loadMore()
                      .catch((error: unknown) => showFailure(t('community.feed.error'), t, error))
                  }
                >
                  {feed.loadingMore ? t('community.feed.loadingMore') : t('community.feed.loadMore')}
                </button>
              </div>
            ) : (
              <p className="text-center text-sm text-ink/70">{t('community.feed.end')}</p>
            )}
          </>
        )}
      </section>
      <LazyConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'comment'
            ? t('community.comments.deleteConfirm')
            : t('community.post.deleteConfirm')
        }
        confirmLabel={
          confirm?.kind === 'comment' ? t('community.comments.delete') : t('community.post.delete')
        }
        cancelLabel={t('app.cancel')}
        busy={busy}
        onConfirm={() => void runConfirm()}
        onCancel={() => setConfirm(null)}
      >
        {confirm?.kind === 'post' ? t('community.post.deleteConfirmText') : null}
      </LazyConfirmDialog>
    </div>
  );
}
