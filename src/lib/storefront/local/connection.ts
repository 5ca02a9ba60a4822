/*
 * Connections as Shopify answers them: exactly one of first/last, after/before cursors, pageInfo
 * in both directions. Used by every list field of the local store.
 */

/** Thrown for arguments Shopify refuses; graphql-js turns it into an error of the field. */
class ConnectionArgumentError extends Error {}

/** Shopify's largest page. */
export const MAX_PAGE_SIZE = 250;

export type ConnectionArgs = {
  first?: number | null | undefined;
  last?: number | null | undefined;
  after?: string | null | undefined;
  before?: string | null | undefined;
};

const encodeCursor = (index: number) => Buffer.from(String(index)).toString('base64url');

function decodeCursor(cursor: string): number {
  const index = Number(Buffer.from(cursor, 'base64url').toString());
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || !Number.isInteger(index) || index < 0)
    throw new ConnectionArgumentError(`Invalid cursor: ${cursor}`);
  return index;
}

/**
 * A connection (nodes, edges, pageInfo) over a list as Shopify gives it: exactly one of `first`
 * and `last` (0..250), `after`/`before` cursors narrowing the window, hasNextPage and
 * hasPreviousPage telling whether the full list goes on beyond the page in either direction.
 */
export function connection<T>(list: readonly T[], args: ConnectionArgs = {}) {
  const { first, last } = args;
  if (first == null && last == null)
    throw new ConnectionArgumentError('you must provide one of first or last');
  if (first != null && last != null)
    throw new ConnectionArgumentError('providing both first and last is not supported');
  const size = (first ?? last) as number;
  if (size < 0) throw new ConnectionArgumentError(`${first != null ? 'first' : 'last'} must be at least 0`);
  if (size > MAX_PAGE_SIZE)
    throw new ConnectionArgumentError(
      `${first != null ? 'first' : 'last'} must be at most ${MAX_PAGE_SIZE} (got ${size})`,
    );
  let from = 0;
  let to = list.length; // exclusive
  if (args.after) from = Math.min(list.length, decodeCursor(args.after) + 1);
  if (args.before) to = Math.max(from, Math.min(to, decodeCursor(args.before)));
  const start = first != null ? from : Math.max(from, to - size);
  const end = first != null ? Math.min(to, from + size) : to;
  const slice = list.slice(start, end);
  return {
    nodes: slice,
    edges: slice.map((node, i) => ({ node, cursor: encodeCursor(start + i) })),
    pageInfo: {
      hasNextPage: end < list.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? encodeCursor(start) : null,
      endCursor: slice.length ? encodeCursor(end - 1) : null,
    },
  };
}
