/**
 * The topics a person chooses notifications by (issue 22, point 5); the database groups kinds the
 * same way (private.notification_topic in 20261126010000_notification_preferences.sql).
 */
export const TOPICS = ['messages', 'friends', 'comments', 'likes', 'moderation', 'alchemy'] as const;
export type Topic = (typeof TOPICS)[number];

export const isTopic = (value: unknown): value is Topic => TOPICS.includes(value as Topic);

const KIND_TOPICS: Record<string, Topic> = {
  comment_on_post: 'comments',
  comment_on_thread: 'comments',
  like_on_post: 'likes',
  friend_request: 'friends',
  friend_accepted: 'friends',
  message: 'messages',
  content_hidden: 'moderation',
  moderation_kept: 'moderation',
  moderation_removed: 'moderation',
};

/** The topic of a notification kind (every Timeline Alchemy kind is 'alchemy'). */
export const topicOfKind = (kind: string): Topic => KIND_TOPICS[kind] ?? 'alchemy';
