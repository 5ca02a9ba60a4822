import { describe, expect, it } from 'vitest';
import {
  groupReports,
  initialQueue,
  isHidden,
  type QueueAction,
  type QueueState,
  queueReducer,
  type ReportGroup,
  type ReportRow,
} from './moderation-queue.ts';

const report = (id: string, about: Partial<ReportRow>, reporter: string | null = 'Rita'): ReportRow => ({
  id,
  reason: `reason ${id}`,
  post_id: null,
  comment_id: null,
  member_id: null,
  reporter: reporter === null ? null : { display_name: reporter },
  post: null,
  comment: null,
  member: null,
  ...about,
});
const run = (state: QueueState, ...actions: QueueAction[]) => actions.reduce(queueReducer, state);

describe('grouping open reports', () => {
  const groups = groupReports(
    [
      report('r1', { post_id: 'p', post: { title: 'Post', content: 'Body' } }),
      report('r2', { member_id: 'm', member: { display_name: null } }, null),
      report('r3', { post_id: 'p', post: { title: 'Post', content: 'Body' } }, ''),
      report('r4', { comment_id: 'c', comment: { content: 'Hi' } }),
      report('r5', { member_id: 'n', member: { display_name: 'Nina' } }),
    ],
    'Unknown',
  );
  it('makes one card per target, in the order of their first report, counting every report', () => {
    expect(groups.map((g) => [g.key, g.kind, g.targetId, g.reportId, g.reasons.length])).toEqual([
      ['post:p', 'post', 'p', 'r1', 2],
      ['member:m', 'member', 'm', 'r2', 1],
      ['comment:c', 'comment', 'c', 'r4', 1],
      ['member:n', 'member', 'n', 'r5', 1],
    ]);
  });
  it('shows what the report is about and who said what, with a name for the nameless', () => {
    expect(groups[0]).toMatchObject({ title: 'Post', text: 'Body' });
    expect(groups[0]?.reasons).toEqual([
      { reporter: 'Rita', reason: 'reason r1' },
      { reporter: 'Unknown', reason: 'reason r3' },
    ]);
    expect(groups[1]).toMatchObject({
      title: 'Unknown',
      text: '',
      reasons: [{ reporter: 'Unknown', reason: 'reason r2' }],
    });
    expect(groups[2]).toMatchObject({ title: '', text: 'Hi' });
    expect(groups[3]?.title).toBe('Nina');
  });
  it('says content is hidden from its second report, never a member', () => {
    const [post, member, comment] = groups as [ReportGroup, ReportGroup, ReportGroup];
    expect(isHidden(post)).toBe(true);
    expect(isHidden(comment)).toBe(false);
    expect(isHidden({ ...member, reasons: [...member.reasons, ...member.reasons] })).toBe(false);
    expect(isHidden({ ...comment, reasons: [...comment.reasons, ...comment.reasons] })).toBe(true);
  });
});

describe('moderation queue reducer', () => {
  const a = groupReports([report('r1', { post_id: 'a' }), report('r2', { comment_id: 'b' })], 'U');
  it('loads, fails, and clears the failure on a retry', () => {
    expect(initialQueue).toEqual({ groups: null, failed: false });
    const failed = run(initialQueue, { type: 'failed' });
    expect(failed.failed).toBe(true);
    expect(run(failed, { type: 'loading' })).toEqual(initialQueue);
    expect(run(failed, { type: 'loaded', groups: a })).toEqual({ groups: a, failed: false });
  });
  it('takes a decided card away, and only that one, once', () => {
    const next = run(
      initialQueue,
      { type: 'loaded', groups: a },
      { type: 'decided', key: 'post:a' },
      {
        type: 'decided',
        key: 'post:a',
      },
    );
    expect(next.groups?.map((g) => g.key)).toEqual(['comment:b']);
    expect(run(initialQueue, { type: 'decided', key: 'post:a' }).groups).toBeNull();
  });
});
