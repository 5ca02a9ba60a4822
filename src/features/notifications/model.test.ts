import { describe, expect, it } from 'vitest';
import { bindMessages, type Lookup } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { messagesWithPrefix } from '~/i18n/t.ts';
import {
  afterCursor,
  describeNotification,
  type NotificationRow,
  type NotificationTextKey,
} from './model.ts';

const lookup = (lang: Locale) =>
  bindMessages(messagesWithPrefix(lang, 'notifications.'), lang) as Lookup<NotificationTextKey>;
const row = (over: Partial<NotificationRow>): NotificationRow => ({
  id: 'n1',
  kind: 'like_on_post',
  actor_id: 'u-noah',
  actor_count: 1,
  event_count: 1,
  post_id: 'p1',
  comment_id: null,
  preview_id: null,
  other_id: null,
  data: {},
  last_event_at: '2026-11-24T10:00:00.123456+00:00',
  read_at: null,
  actor: { display_name: 'Noah' },
  post: { title: 'Morning light' },
  ...over,
});

describe('describeNotification', () => {
  it('groups likes as "Noah and 4 others", in each language with its plural', () => {
    const five = row({ actor_count: 5 });
    expect(describeNotification(five, lookup('en'), 'en').text).toBe(
      'Noah and 4 others liked “Morning light”',
    );
    expect(describeNotification(row({ actor_count: 2 }), lookup('en'), 'en').text).toBe(
      'Noah and 1 other liked “Morning light”',
    );
    expect(describeNotification(five, lookup('nl'), 'nl').text).toBe(
      'Noah en 4 anderen vinden “Morning light” leuk',
    );
    expect(describeNotification(row({}), lookup('de'), 'de').text).toBe('Noah gefällt „Morning light“');
  });

  it('links comments and likes to the post in the community, in the reader’s language', () => {
    const comment = row({ kind: 'comment_on_post', comment_id: 'c1' });
    expect(describeNotification(comment, lookup('nl'), 'nl').href).toBe('/community#post-p1');
    expect(describeNotification(comment, lookup('en'), 'en').href).toBe('/en/community#post-p1');
  });

  it('links a message group to the thread and counts the messages', () => {
    const shown = describeNotification(
      row({ kind: 'message', other_id: 'u-noah', event_count: 3, post_id: null, post: null }),
      lookup('en'),
      'en',
    );
    expect(shown).toMatchObject({
      text: 'Noah sent you 3 messages',
      href: '/en/messages/u-noah',
      unread: true,
    });
  });

  it('never names anyone for moderation, and a removed post has no link', () => {
    const removed = row({
      kind: 'moderation_removed',
      actor_id: null,
      actor: null,
      post_id: null,
      post: null,
      data: { excerpt: 'Old title' },
    });
    expect(describeNotification(removed, lookup('en'), 'en')).toMatchObject({
      text: 'A moderator removed your contribution “Old title” after reports',
      href: null,
    });
  });

  it('falls back to "Someone" when the actor is unknown, and marks read rows as read', () => {
    const shown = describeNotification(
      row({ actor: null, read_at: '2026-11-24T11:00:00Z' }),
      lookup('en'),
      'en',
    );
    expect(shown.text).toBe('Someone liked “Morning light”');
    expect(shown.unread).toBe(false);
  });

  it('sends an admin to the preview in the wizard with the client’s comment', () => {
    const shown = describeNotification(
      row({ kind: 'preview_changes_requested', preview_id: 'pv1', data: { feedback: 'Shorter please' } }),
      lookup('en'),
      'en',
    );
    expect(shown).toMatchObject({
      text: 'Noah asked for changes: “Shorter please”',
      href: '/en/timeline-alchemy/admin/preview-wizard?id=pv1',
    });
  });

  it('names who commented on a preview (a review-link visitor by the name they gave) and leads to the thread', () => {
    const guest = describeNotification(
      row({
        kind: 'preview_comment',
        actor_id: null,
        actor: null,
        preview_id: 'pv1',
        data: { name: 'Sanne', excerpt: 'Nice!', for: 'admin' },
      }),
      lookup('nl'),
      'nl',
    );
    expect(guest).toMatchObject({
      text: 'Sanne reageerde op een preview: “Nice!”',
      href: '/timeline-alchemy/admin/dashboard#thread-pv1',
    });
    const admin = describeNotification(
      row({ kind: 'preview_comment', preview_id: 'pv1', data: { excerpt: 'New image?', for: 'client' } }),
      lookup('en'),
      'en',
    );
    expect(admin).toMatchObject({
      text: 'Noah commented on a preview: “New image?”',
      href: '/en/timeline-alchemy/client/my-previews#thread-pv1',
    });
  });

  it('tells the admin which client’s review link expires, and the client their own, with the time', () => {
    const data = { expires_at: '2026-11-26T10:00:00Z', link_id: 'l1' };
    const expiring = (over: Record<string, string>, lang: Locale) =>
      describeNotification(
        row({
          kind: 'review_link_expiring',
          actor_id: null,
          actor: null,
          post_id: null,
          data: { ...data, ...over },
        }),
        lookup(lang),
        lang,
      );
    const admin = expiring({ for: 'admin', client: 'Acme BV' }, 'nl');
    expect(admin.text).toMatch(/^De reviewlink voor Acme BV verloopt op .*2026/);
    expect(admin.href).toBe('/timeline-alchemy/admin/dashboard');
    const client = expiring({ for: 'client' }, 'de');
    expect(client.text).toMatch(/^Dein Review-Link läuft am .*2026.* ab: /);
    expect(client.href).toBe('/de/timeline-alchemy/client/my-previews');
  });
});

describe('afterCursor', () => {
  it('continues after the last row: older activity, or the same moment with a smaller id', () => {
    expect(afterCursor(row({ id: 'abc' }))).toBe(
      'last_event_at.lt."2026-11-24T10:00:00.123456+00:00",and(last_event_at.eq."2026-11-24T10:00:00.123456+00:00",id.lt.abc)',
    );
  });
});
