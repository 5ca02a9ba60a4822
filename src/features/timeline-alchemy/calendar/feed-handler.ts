import { z } from 'zod';
import { asLocale, type Locale, localizePath } from '~/i18n/locales.ts';
import { translator } from '~/i18n/t.ts';
import { apiError } from '~/lib/http/json.ts';
import { type IcsEvent, renderIcs } from './ics.ts';

export type FeedDeps = {
  /** Supabase URL and anon key: the token alone decides what is read (public.calendar_feed). */
  url: string;
  anonKey: string;
  /** The site's origin, for the events' UID and link. */
  origin: string;
  fetchImpl?: typeof fetch;
  now?: () => Date;
};

/**
 * A feed token as public.calendar_feed_new() makes it: 32 random bytes, base64url, 43 characters.
 * @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts).
 */
export const feedTokenSchema = z
  .string()
  .length(43)
  .regex(/^[A-Za-z0-9_-]{43}$/);

type FeedRow = {
  id: string;
  title: string;
  channel: string;
  status: 'pending' | 'approved' | 'rejected' | 'published';
  scheduled_at: string;
  revision: number;
  updated_at: string;
  publishing: boolean;
  locale: string;
};

function eventOf(row: FeedRow, lang: Locale, host: string, link: string): IcsEvent {
  const tr = translator(lang);
  const status =
    row.status === 'published'
      ? tr('ta.status.published')
      : row.publishing
        ? tr('tac.status.publishing')
        : tr(`ta.status.${row.status}`);
  const platforms = row.channel
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    uid: `${row.id}@${host}`,
    start: new Date(row.scheduled_at),
    minutes: 30,
    summary: `${row.title.trim() || tr('ta.untitled')}${platforms.length ? ` · ${platforms.join(', ')}` : ''}`,
    description: `${tr('tac.feed.status', { status })}\n${tr('tac.feed.open', { url: link })}`,
    url: link,
    sequence: Math.max(0, row.revision - 1),
    status: row.status === 'approved' || row.status === 'published' ? 'CONFIRMED' : 'TENTATIVE',
    categories: platforms,
  };
}

/**
 * GET /api/timeline-alchemy/calendar/<token>.ics: the client's schedule as an iCalendar feed.
 * The database function reads only the token's client; an unknown or revoked token is a 404.
 */
export async function handleCalendarFeed(token: string | undefined, deps: FeedDeps): Promise<Response> {
  const parsed = feedTokenSchema.safeParse(token);
  if (!parsed.success) return apiError(404, 'not_found', 'No calendar feed with this link.');
  const fetchImpl = deps.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(`${deps.url}/rest/v1/rpc/calendar_feed`, {
      method: 'POST',
      headers: {
        apikey: deps.anonKey,
        authorization: `Bearer ${deps.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ token: parsed.data }),
    });
  } catch {
    return apiError(503, 'unavailable', 'The calendar cannot be read right now.');
  }
  if (response.status === 404) return apiError(404, 'not_found', 'No calendar feed with this link.');
  if (!response.ok) return apiError(503, 'unavailable', 'The calendar cannot be read right now.');
  const rows = (await response.json()) as FeedRow[];
  const origin = new URL(deps.origin);
  const lang = asLocale(rows[0]?.locale) ?? 'nl';
  const link = new URL(localizePath('/timeline-alchemy/client/calendar', lang), origin).toString();
  const body = renderIcs({
    name: translator(lang)('tac.feed.name'),
    stamp: (deps.now ?? (() => new Date()))(),
    events: rows.map((row) => eventOf(row, lang, origin.host, link)),
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'cache-control': 'private, no-store',
      'content-disposition': 'inline; filename="timeline-alchemy.ics"',
      'x-robots-tag': 'noindex',
    },
  });
}
