import type { ReactNode } from 'react';
import { Avatar } from '~/components/app/Avatar.tsx';
import { LinkifiedText } from '~/components/app/LinkifiedText.tsx';
import type { Tr } from '~/i18n/bind.ts';
import { Comments } from './Comments.tsx';
import type { FeedComment, FeedPost } from './feed-data.ts';

type Props = {
  post: FeedPost;
  /** Absent while they are read. */
  comments: FeedComment[] | undefined;
  highlighted: boolean;
  canDelete: boolean;
  canDeleteComment: (comment: FeedComment) => boolean;
  profileHref: (userId: string) => string;
  formatDate: (iso: string) => string;
  t: Tr;
  onLike: () => void;
  onDelete: () => void;
  onComment: (content: string) => Promise<boolean>;
  onDeleteComment: (comment: FeedComment) => void;
  report?: ReactNode;
  renderCommentReport?: (comment: FeedComment) => ReactNode;
};

/** One post of the feed: author, date, title, text (never HTML), image, likes and comments. */
export function PostCard(props: Props) {
  const { post, t } = props;
  const headingId = `post-${post.id}-title`;
  return (
    <article
      id={`post-${post.id}`}
      aria-labelledby={headingId}
      tabIndex={-1}
      className={`min-w-0 scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 transition-shadow ${
        props.highlighted ? 'ring-4 ring-gold' : 'ring-ink/10'
      }`}
    >
      <header className="flex items-center gap-3">
        <Avatar name={post.authorName} url={post.authorAvatar} size={44} />
        <div className="min-w-0 wrap-anywhere">
          <a href={props.profileHref(post.userId)} className="font-semibold text-night hover:underline">
            {post.authorName}
          </a>
          <p className="text-sm text-ink/70">
            <time dateTime={post.createdAt}>{props.formatDate(post.createdAt)}</time>
          </p>
        </div>
      </header>
      {post.hidden ? (
        <p data-testid="hidden-note" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('community.post.hidden')}
        </p>
      ) : null}
      <h3 id={headingId} className="mt-3 wrap-anywhere text-xl">
        {post.title}
      </h3>
      <LinkifiedText text={post.content} className="mt-2" />
      {post.imageUrl ? (
        // Its own box: a failed image's placeholder (components/image-fallback.ts) goes beside it.
        <div className="mt-3">
          <img
            src={post.imageUrl}
            alt={t('community.post.imageAlt', { title: post.title })}
            loading="lazy"
            decoding="async"
            data-fallback-image=""
            className="max-h-[32rem] w-full rounded-xl object-cover"
          />
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
        <button
          type="button"
          className={`btn px-3 py-1.5 ${post.likedByMe ? 'bg-violet text-white' : 'border border-violet text-violet'}`}
          aria-pressed={post.likedByMe}
          onClick={props.onLike}
        >
          <span aria-hidden="true">♥</span>
          <span>{post.likedByMe ? t('community.like.unlike') : t('community.like.like')}</span>
        </button>
        <span data-testid="like-count">
          {t(post.likeCount === 1 ? 'community.like.count.one' : 'community.like.count', {
            count: post.likeCount,
          })}
        </span>
        <span data-testid="comment-count">
          {t(post.commentCount === 1 ? 'community.comments.count.one' : 'community.comments.count', {
            count: post.commentCount,
          })}
        </span>
        <span className="ml-auto flex gap-3">
          {props.report}
          {props.canDelete ? (
            <button type="button" className="text-red-800 underline" onClick={props.onDelete}>
              {t('community.post.delete')}
            </button>
          ) : null}
        </span>
      </div>
      <Comments
        comments={props.comments}
        total={post.commentCount}
        canDelete={props.canDeleteComment}
        profileHref={props.profileHref}
        formatDate={props.formatDate}
        t={t}
        onSend={props.onComment}
        onDelete={props.onDeleteComment}
        {...(props.renderCommentReport ? { renderReport: props.renderCommentReport } : {})}
      />
    </article>
  );
}
