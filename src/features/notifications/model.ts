import type { KeysWithPrefix, Lookup } from '~/i18n/bind.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { type Locale, localizePath } from '~/i18n/locales.ts';
import { communityPaths } from '~/lib/member-paths.ts';

/** The columns the list reads (with the latest actor's name and the post's title embedded). */
export const NOTIFICATION_COLUMNS =
  'id, kind, actor_id, actor_count, event_count, post_id, comment_id, preview_id, other_id, data, last_event_at, read_at, actor:profiles!notifications_actor_id_fkey(display_name), post:posts(title)';

export type NotificationRow = {
  id: string;
  kind: string;
  actor_id: string | null;
  actor_count: number;
  event_count: number;
  post_id: string | null;
  comment_id: string | null;
  preview_id: string | null;
  other_id: string | null;
  data: unknown;
  last_event_at: string;
  read_at: string | null;
  actor: { display_name: string | null } | null;
  post: { title: string | null } | null;
};

/** The texts the list reads: every `notifications.` key (counted ones by their base). */
export type NotificationTextKey = KeysWithPrefix<'notifications.'>;

export type ShownNotification = {
  id: string;
  text: string;
  href: string | null;
  unread: boolean;
  at: string;
};

const field = (data: unknown, key: string): string => {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
};

/** A moment in the reader's language (date and time, their own zone). */
const whenOf = (iso: string, lang: Locale) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? ''
    : dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
};

/** One notification as the list shows it: its sentence in the reader's language and where it leads. */
export function describeNotification(
  row: NotificationRow,
  t: Lookup<NotificationTextKey>,
  lang: Locale,
): ShownNotification {
  const paths = communityPaths(lang);
  const name = row.actor?.display_name?.trim() || t('notifications.someone');
  const title = row.post?.title?.trim() || t('notifications.aPost');
  const others = Math.max(0, row.actor_count - 1);
  const grouped = (one: NotificationTextKey, many: Parameters<typeof t>[0]) =>
    others > 0 ? t(many, { name, title, count: others }) : t(one, { name, title });
  const post = row.post_id ? paths.post(row.post_id) : null;
  const base = { id: row.id, unread: row.read_at === null, at: row.last_event_at };
  switch (row.kind) {
    case 'comment_on_post':
      return { ...base, text: grouped('notifications.comment', 'notifications.commentMany'), href: post };
    case 'comment_on_thread':
      return { ...base, text: grouped('notifications.thread', 'notifications.threadMany'), href: post };
    case 'like_on_post':
      return { ...base, text: grouped('notifications.like', 'notifications.likeMany'), href: post };
    case 'friend_request':
      return { ...base, text: t('notifications.friendRequest', { name }), href: paths.friends };
    case 'friend_accepted':
      return {
        ...base,
        text: t('notifications.friendAccepted', { name }),
        href: row.other_id ? paths.user(row.other_id) : null,
      };
    case 'message':
      return {
        ...base,
        text: t('notifications.message', { name, count: row.event_count }),
        href: row.other_id ? paths.messageTo(row.other_id) : paths.messages,
      };
    case 'content_hidden':
      return {
        ...base,
        text: t(row.comment_id ? 'notifications.hiddenComment' : 'notifications.hiddenPost', { title }),
        href: post,
      };
    case 'moderation_kept':
      return {
        ...base,
        text: t(row.comment_id ? 'notifications.keptComment' : 'notifications.keptPost', { title }),
        href: post,
      };
    case 'moderation_removed':
      return { ...base, text: t('notifications.removed', { title: field(row.data, 'excerpt') }), href: null };
    case 'preview_to_review':
      return {
        ...base,
        text: t('notifications.previewToReview', { count: row.event_count }),
        href: localizePath('/timeline-alchemy/client/my-previews', lang),
      };
    case 'preview_approved':
    case 'preview_changes_requested':
      return {
        ...base,
        text:
          row.kind === 'preview_approved'
            ? t('notifications.previewApproved', { name })
            : t('notifications.previewChanges', { name, feedback: field(row.data, 'feedback') }),
        href: row.preview_id
          ? `${localizePath('/timeline-alchemy/admin/preview-wizard', lang)}?id=${encodeURIComponent(row.preview_id)}`
          : null,
      };
    case 'preview_comment':
      return {
        ...base,
        text: t('notifications.previewComment', {
          name: field(row.data, 'name') || name,
          excerpt: field(row.data, 'excerpt'),
        }),
        href: row.preview_id
          ? paths.previewThread(row.preview_id, field(row.data, 'for') === 'admin' ? 'admin' : 'client')
          : null,
      };
    case 'review_link_expiring': {
      const when = whenOf(field(row.data, 'expires_at'), lang);
      return field(row.data, 'for') === 'admin'
        ? {
            ...base,
            text: t('notifications.reviewLinkExpiringAdmin', { client: field(row.data, 'client'), when }),
            href: localizePath('/timeline-alchemy/admin/dashboard', lang),
          }
        : {
            ...base,
            text: t('notifications.reviewLinkExpiringClient', { when }),
            href: localizePath('/timeline-alchemy/client/my-previews', lang),
          };
    }
    default:
      return {
        ...base,
        text: t('notifications.previewPublished'),
        href: localizePath('/timeline-alchemy', lang),
      };
  }
}

/** The keyset filter for the page after `last` (newest activity first, id breaks ties). */
export function afterCursor(last: Pick<NotificationRow, 'last_event_at' | 'id'>): string {
  const at = JSON.stringify(last.last_event_at);
  return `last_event_at.lt.${at},and(last_event_at.eq.${at},id.lt.${last.id})`;
}
