import { describe, expect, it } from 'vitest';
import { notificationMailTemplates } from './mails.ts';

const ORIGIN = 'https://example.org';
const token = (topic: string) => `44444444-4444-4444-8444-444444444444.${topic}.${'b'.repeat(64)}`;
const entry = (over: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  kind: 'comment_on_post',
  actor_id: null,
  actor_count: 1,
  event_count: 1,
  post_id: '11111111-1111-4111-8111-111111111111',
  comment_id: null,
  preview_id: null,
  other_id: null,
  data: {},
  last_event_at: '2026-11-25T08:00:00Z',
  read_at: null,
  actor: { display_name: 'Noah' },
  post: { title: 'Sunrise' },
  ...over,
});
const render = (kind: string, locale: string, payload: Record<string, unknown>) => {
  const template = notificationMailTemplates[kind];
  if (!template) throw new Error(kind);
  return template(
    {
      id: '1',
      idempotency_key: 'k',
      to: 'a@example.org',
      locale: locale as 'en',
      kind,
      payload,
      attempts: 1,
    },
    { origin: ORIGIN, supabaseUrl: '', env: {} },
  );
};

describe('notification mails', () => {
  it('at once: worded as the app words it, linking to the place, with a one-click unsubscribe of its topic', () => {
    const mail = render('notification.instant', 'en', {
      topic: 'comments',
      unsubscribe: token('comments'),
      entries: [entry({})],
    });
    expect(mail.subject).toBe('Noah commented on “Sunrise”');
    expect(mail.text).toContain(`${ORIGIN}/en/community#post-11111111-1111-4111-8111-111111111111`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${ORIGIN}/api/notifications/unsubscribe?token=${token('comments')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain(`${ORIGIN}/en/notifications/unsubscribe?token=${token('comments')}`);
    expect(mail.text).toContain(`${ORIGIN}/en/account#notifications`);
  });

  it('digest: one entry per group in the reader language; the header stops the topic with the most entries', () => {
    const mail = render('notification.digest', 'nl', {
      unsubscribe: { friends: token('friends'), comments: token('comments') },
      entries: [
        entry({}),
        entry({ post_id: '22222222-2222-4222-8222-222222222222', post: { title: 'Avond' } }),
        entry({
          kind: 'friend_request',
          post_id: null,
          post: null,
          other_id: '33333333-3333-4333-8333-333333333333',
        }),
      ],
    });
    expect(mail.subject).toBe('Je dagelijkse overzicht: 3 meldingen');
    expect(mail.text.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(3);
    expect(mail.text).toContain(`${ORIGIN}/community#post-22222222-2222-4222-8222-222222222222`);
    expect(mail.headers?.['List-Unsubscribe']).toContain('.comments.');
    expect(mail.text).toContain('Geen e-mail meer over vriendschapsverzoeken');
  });

  it('digest: counts the groups it covers but does not list, plural-correct, linked to all notifications', () => {
    const mail = (more: number) =>
      render('notification.digest', 'de', {
        unsubscribe: { comments: token('comments') },
        entries: [entry({})],
        more,
      });
    const items = (more: number) =>
      mail(more)
        .text.split('\n')
        .filter((l) => l.startsWith('- '));
    expect(mail(40).subject).toBe('Deine tägliche Zusammenfassung: 41 Neuigkeiten');
    expect(items(40)[1]).toBe(`- Und 40 weitere Neuigkeiten in der App: ${ORIGIN}/de/notifications`);
    expect(items(1)[1]).toBe(`- Und 1 weitere Neuigkeit in der App: ${ORIGIN}/de/notifications`);
    expect(items(0)).toHaveLength(1);
  });

  it('refuses a row without its token rather than send a mail nobody can stop', () => {
    expect(() => render('notification.instant', 'de', { topic: 'comments', entries: [entry({})] })).toThrow();
    expect(() => render('notification.digest', 'de', { entries: [entry({})] })).toThrow();
  });
});
