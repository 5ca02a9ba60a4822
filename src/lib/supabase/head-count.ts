import { type RestRead, readRest, type SessionSource, tokenOf } from './early.ts';

/** Parses PostgREST's Content-Range ("0-0/12", or "*" then "/0") into the total. */
export function totalFromContentRange(header: string | null): number | null {
  const total = header?.split('/')[1];
  const n = total === undefined ? Number.NaN : Number(total);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * Counts rows the signed-in person may read, without supabase-js: one PostgREST HEAD request with
 * `Prefer: count=exact` (`query`: `table?select=id&filters`). Resolves with the count, or null when
 * it could not be read (offline, an expired token): callers keep the last known count then.
 */
export async function headCount(query: string, accessToken: string): Promise<number | null> {
  try {
    // The page's inline script may have started this very count already (early.ts).
    const response = await readRest({ path: query, count: true }, accessToken);
    return response.ok ? totalFromContentRange(response.headers.get('content-range')) : null;
  } catch {
    return null;
  }
}

/**
 * A count read (`read`, HEAD with `Prefer: count=exact`) with the page client's token: the early
 * answer when the page started it with that token, else the request now. Throws when unreadable.
 */
export async function countWith(db: SessionSource, read: RestRead): Promise<number> {
  const response = await readRest({ ...read, count: true }, await tokenOf(db));
  const total = response.ok ? totalFromContentRange(response.headers.get('content-range')) : null;
  if (total === null)
    throw Object.assign(new Error(`count: ${response.status}`), { status: response.status });
  return total;
}
