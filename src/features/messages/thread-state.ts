import { type MessageRow, mergeMessages, type ThreadMessage } from './model.ts';

/**
 * One conversation's state and every way it changes, as one pure reducer (no React, no
 * supabase): messages oldest first by (created_at, id), one entry per id (an optimistic copy and
 * its server row or live echo show once; a confirmed row is never overwritten by a pending copy),
 * read receipts as updates, optimistic sends that fail and are retried.
 */
export type ThreadState = {
  status: 'loading' | 'ready' | 'error';
  messages: ThreadMessage[];
  hasMore: boolean;
};
export type ThreadAction =
  | { type: 'loading' }
  | { type: 'loaded'; rows: MessageRow[]; hasMore: boolean }
  | { type: 'failed' }
  | { type: 'olderLoaded'; rows: MessageRow[]; hasMore: boolean }
  /** The newest page read again after a reconnect. */
  | { type: 'caughtUp'; rows: MessageRow[] }
  /** A row from the live channel (any conversation: only this one's are taken). */
  | { type: 'live'; row: MessageRow; kind: 'INSERT' | 'UPDATE' | 'DELETE'; me: string; other: string }
  | { type: 'sending'; message: ThreadMessage }
  | { type: 'sent'; id: string; row: MessageRow | null }
  | { type: 'sendFailed'; id: string; permanent?: boolean }
  | { type: 'deleted'; id: string; at: string }
  /** The other person's messages are read (I marked the conversation read). */
  | { type: 'readMarked'; other: string };

export const initialThread: ThreadState = { status: 'loading', messages: [], hasMore: false };

const withoutStatus = ({ status: _status, ...row }: ThreadMessage): ThreadMessage => row;
const update = (state: ThreadState, id: string, change: (m: ThreadMessage) => ThreadMessage) => ({
  ...state,
  messages: state.messages.map((m) => (m.id === id ? change(m) : m)),
});

export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'loading':
      return initialThread;
    case 'loaded':
      // Live rows that arrived while the page was read stay: merged, not replaced.
      return {
        status: 'ready',
        messages: mergeMessages(state.messages, action.rows),
        hasMore: action.hasMore,
      };
    case 'failed':
      return { ...state, status: 'error' };
    case 'olderLoaded':
      return { ...state, messages: mergeMessages(state.messages, action.rows), hasMore: action.hasMore };
    case 'caughtUp':
      return { ...state, messages: mergeMessages(state.messages, action.rows) };
    case 'live': {
      const { row, me, other } = action;
      const mine = row.sender_id === me && row.receiver_id === other;
      const theirs = row.sender_id === other && row.receiver_id === me;
      // A change (read, deleted) only updates a message already shown, so marking fifty old
      // messages read does not pull them into the loaded window.
      const shown = state.messages.some((m) => m.id === row.id);
      if ((!mine && !theirs) || (action.kind !== 'INSERT' && !shown)) return state;
      return { ...state, messages: mergeMessages(state.messages, [row]) };
    }
    case 'sending':
      return {
        ...state,
        messages: mergeMessages(state.messages, [{ ...action.message, status: 'sending' }]),
      };
    case 'sent':
      return action.row
        ? { ...state, messages: mergeMessages(state.messages, [action.row]) }
        : update(state, action.id, withoutStatus);
    case 'sendFailed':
      return update(state, action.id, (m) =>
        m.status ? { ...m, status: action.permanent ? 'refused' : 'failed' } : m,
      );
    case 'deleted':
      return update(state, action.id, (m) => ({ ...m, content: '', deleted_at: m.deleted_at ?? action.at }));
    case 'readMarked':
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.sender_id === action.other && !m.read ? { ...m, read: true } : m,
        ),
      };
  }
}
