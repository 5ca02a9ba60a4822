import { describe, expect, it } from 'vitest';
import type { MessageRow } from './model.ts';
import { initialThread, type ThreadAction, type ThreadState, threadReducer } from './thread-state.ts';

const ME = 'me';
const OTHER = 'other';
const row = (id: string, at: string, extra: Partial<MessageRow> = {}): MessageRow => ({
  id,
  sender_id: OTHER,
  receiver_id: ME,
  content: id,
  created_at: at,
  read: false,
  read_at: null,
  deleted_at: null,
  ...extra,
});
const run = (state: ThreadState, ...actions: ThreadAction[]) => actions.reduce(threadReducer, state);
const ids = (s: ThreadState) => s.messages.map((m) => m.id);
const live = (r: MessageRow, kind: 'INSERT' | 'UPDATE' | 'DELETE' = 'INSERT'): ThreadAction => ({
  type: 'live',
  row: r,
  kind,
  me: ME,
  other: OTHER,
});

const A = row('a', '2026-01-01T10:00:00Z');
const B = row('b', '2026-01-01T11:00:00Z', { sender_id: ME, receiver_id: OTHER });
const ready = run(initialThread, { type: 'loaded', rows: [B, A], hasMore: true });

describe('thread reducer: loading and order', () => {
  it('loads the newest page oldest first', () => {
    expect(ready).toEqual({ status: 'ready', messages: [A, B], hasMore: true });
  });
  it('keeps live rows that arrived while the page was read', () => {
    const C = row('c', '2026-01-02T00:00:00Z');
    const next = run(initialThread, live(C), { type: 'loaded', rows: [A], hasMore: false });
    expect(ids(next)).toEqual(['a', 'c']);
    expect(next.hasMore).toBe(false);
  });
  it('starts over for another thread or a retry, and reports a failed read', () => {
    expect(run(ready, { type: 'loading' })).toEqual(initialThread);
    expect(run(initialThread, { type: 'failed' }).status).toBe('error');
  });
  it('adds older pages before, once, and sorts equal times by id', () => {
    const next = run(ready, {
      type: 'olderLoaded',
      rows: [row('z', '2025-12-31T00:00:00Z'), row('y', '2025-12-31T00:00:00Z'), A],
      hasMore: false,
    });
    expect(ids(next)).toEqual(['y', 'z', 'a', 'b']);
    expect(next.hasMore).toBe(false);
  });
  it('merges the re-read newest page after a reconnect without doubles', () => {
    const C = row('c', '2026-01-03T00:00:00Z');
    const next = run(ready, { type: 'caughtUp', rows: [A, B, C] });
    expect(ids(next)).toEqual(['a', 'b', 'c']);
    expect(next.hasMore).toBe(true);
  });
});

describe('thread reducer: live rows', () => {
  it('adds a new message of this conversation, in either direction, once', () => {
    const C = row('c', '2026-01-03T00:00:00Z');
    const D = row('d', '2026-01-04T00:00:00Z', { sender_id: ME, receiver_id: OTHER });
    expect(ids(run(ready, live(C), live(C), live(D)))).toEqual(['a', 'b', 'c', 'd']);
  });
  it('ignores other conversations', () => {
    expect(run(ready, live(row('x', 't', { sender_id: 'third' })))).toBe(ready);
    expect(run(ready, live(row('x', 't', { sender_id: ME, receiver_id: 'third' })))).toBe(ready);
    expect(run(ready, live(row('x', 't', { sender_id: OTHER, receiver_id: 'third' })))).toBe(ready);
  });
  it('shows a read receipt on my message', () => {
    const next = run(ready, live({ ...B, read: true, read_at: 't' }, 'UPDATE'));
    expect(next.messages[1]).toMatchObject({ id: 'b', read: true });
  });
  it('does not pull an update of a message outside the loaded window into it', () => {
    expect(run(ready, live(row('old', '2020-01-01T00:00:00Z'), 'UPDATE'))).toBe(ready);
    expect(run(ready, live(row('old', '2020-01-01T00:00:00Z'), 'DELETE'))).toBe(ready);
  });
  it('marks the other person’s messages read, not mine', () => {
    const mineUnread = { ...B, read: false };
    const next = run(ready, { type: 'readMarked', other: OTHER });
    expect(next.messages[0]?.read).toBe(true);
    expect(next.messages[1]).toEqual(mineUnread);
  });
  it('blanks a deleted message and keeps its first deletion time', () => {
    const once = run(ready, { type: 'deleted', id: 'a', at: 't1' });
    expect(once.messages[0]).toMatchObject({ content: '', deleted_at: 't1' });
    expect(run(once, { type: 'deleted', id: 'a', at: 't2' }).messages[0]?.deleted_at).toBe('t1');
    expect(once.messages[1]).toEqual(B);
  });
});

describe('thread reducer: optimistic send', () => {
  const draft = row('n', '2026-01-05T00:00:00Z', { sender_id: ME, receiver_id: OTHER, content: 'hi' });
  it('shows a sending copy at once, then the server row in its place', () => {
    const sending = run(ready, { type: 'sending', message: draft });
    expect(sending.messages.at(-1)).toEqual({ ...draft, status: 'sending' });
    const server = { ...draft, created_at: '2026-01-05T00:00:01Z' };
    const sent = run(sending, { type: 'sent', id: 'n', row: server });
    expect(sent.messages.at(-1)).toEqual(server);
    expect(ids(sent)).toEqual(['a', 'b', 'n']);
  });
  it('drops the sending mark when the server answered without a row', () => {
    const sent = run(ready, { type: 'sending', message: draft }, { type: 'sent', id: 'n', row: null });
    expect(sent.messages.at(-1)).toEqual(draft);
  });
  it('shows the echo once when it arrives before the insert answer, and a late pending copy never hides it', () => {
    const next = run(ready, { type: 'sending', message: draft }, live(draft), {
      type: 'sending',
      message: draft,
    });
    expect(next.messages.at(-1)).toEqual(draft);
    expect(ids(next)).toEqual(['a', 'b', 'n']);
  });
  it('marks a failed send for Retry, and a retry sends it again', () => {
    const failed = run(ready, { type: 'sending', message: draft }, { type: 'sendFailed', id: 'n' });
    expect(failed.messages.at(-1)).toEqual({ ...draft, status: 'failed' });
    const retried = run(failed, { type: 'sending', message: draft });
    expect(retried.messages.at(-1)?.status).toBe('sending');
    expect(ids(retried)).toEqual(['a', 'b', 'n']);
  });
  it('marks a send refused for good (no Retry) apart from one that may be retried', () => {
    const refused = run(
      ready,
      { type: 'sending', message: draft },
      { type: 'sendFailed', id: 'n', permanent: true },
    );
    expect(refused.messages.at(-1)?.status).toBe('refused');
  });
  it('does not mark a message failed that the server already confirmed', () => {
    const next = run(ready, { type: 'sending', message: draft }, live(draft), {
      type: 'sendFailed',
      id: 'n',
    });
    expect(next.messages.at(-1)).toEqual(draft);
  });
});
