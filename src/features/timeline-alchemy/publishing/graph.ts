import type { Account, PostOutcome } from './api.ts';
import { type PlatformConfig, postLink } from './config.ts';

/**
 * Meta's Graph API for Facebook Pages and Instagram business accounts: after Facebook Login the
 * long-lived exchange and the person's Pages (with page tokens), then posting as a Page (`/feed`,
 * or `/photos` with the preview's image) and Instagram's content publishing (a container with
 * `image_url` and `caption`, its `status_code`, `media_publish`, the permalink). Every call sends
 * the page token as a Bearer header, never in the URL.
 */

type GraphError = {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_msg?: string;
  is_transient?: boolean;
};

/** Graph's throttling codes (app, user, page, custom, and the Business Use Case codes). */
const THROTTLED = new Set([4, 17, 32, 613, 80001, 80002, 80005, 80006]);
const GRAPH_LOCALES = { nl: 'nl_NL', en: 'en_US', de: 'de_DE' } as const;

/** Graph's own locale for our language: `error_user_msg` comes back in it. */
export const graphLocale = (lang: string | null | undefined) =>
  GRAPH_LOCALES[(lang ?? 'en') as keyof typeof GRAPH_LOCALES] ?? 'en_US';

/**
 * When the throttle lifts: the largest `estimated_time_to_regain_access` (minutes) in
 * `x-business-use-case-usage`, else Retry-After; null (back off) when neither says.
 */
export function graphRetryAt(response: Pick<Response, 'headers'>, now = Date.now()): Date | null {
  try {
    const buc = JSON.parse(response.headers.get('x-business-use-case-usage') ?? '{}') as Record<
      string,
      Array<{ estimated_time_to_regain_access?: number }>
    >;
    const minutes = Math.max(
      0,
      ...Object.values(buc).flatMap((list) =>
        list.map((u) => Number(u.estimated_time_to_regain_access) || 0),
      ),
    );
    if (minutes > 0) return new Date(now + minutes * 60_000);
  } catch {
    // A header we cannot read says nothing.
  }
  const after = Number(response.headers.get('retry-after'));
  return Number.isFinite(after) && after > 0 ? new Date(now + after * 1000) : null;
}

/** A Graph error answer as the worker's outcome. */
export async function graphOutcome(response: Response): Promise<PostOutcome> {
  const body = (await response.json().catch(() => ({}))) as { error?: GraphError };
  const error = body.error ?? {};
  const message = error.error_user_msg || error.message || `HTTP ${response.status}`;
  const code = Number(error.code);
  if (response.status === 429 || THROTTLED.has(code)) {
    return { kind: 'later', retryAt: graphRetryAt(response), message };
  }
  if (code === 190 || code === 102 || response.status === 401) return { kind: 'unauthorized', message };
  if (response.status >= 500 || error.is_transient || code === 1 || code === 2)
    return { kind: 'maybe', message };
  return { kind: 'rejected', message };
}

const call = (cfg: PlatformConfig, token: string, path: string, form?: Record<string, string>) =>
  fetch(`${cfg.apiBase}${path}`, {
    method: form ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { body: new URLSearchParams(form) } : {}),
    signal: AbortSignal.timeout(20_000),
  });

/** Posts a text (and the preview's image, if any) as the Page, or to the Instagram account. */
export async function postGraph(
  cfg: PlatformConfig,
  account: Account,
  token: string,
  text: string,
  image: string | null,
  locale: string,
): Promise<PostOutcome> {
  try {
    if (cfg.platform === 'facebook') {
      const response = image
        ? await call(cfg, token, `/${account.id}/photos`, { url: image, caption: text, locale })
        : await call(cfg, token, `/${account.id}/feed`, { message: text, locale });
      if (!response.ok) return graphOutcome(response);
      const body = (await response.json()) as { id: string; post_id?: string };
      const id = body.post_id ?? body.id;
      return { kind: 'posted', id, url: postLink(cfg, id, account.name) };
    }
    // Instagram: a container first (nothing is public yet: a failure here is safe to repeat).
    const made = await call(cfg, token, `/${account.id}/media`, {
      image_url: image ?? '',
      caption: text,
      locale,
    });
    if (!made.ok) {
      const outcome = await graphOutcome(made);
      return outcome.kind === 'maybe' ? { kind: 'later', retryAt: null, message: outcome.message } : outcome;
    }
    const container = ((await made.json()) as { id: string }).id;
    for (let i = 0; ; i++) {
      const status = await call(cfg, token, `/${container}?fields=status_code`);
      const code = status.ok ? ((await status.json()) as { status_code?: string }).status_code : 'ERROR';
      if (code === 'FINISHED') break;
      if (code !== 'IN_PROGRESS' || i >= 5) {
        return { kind: 'later', retryAt: null, message: `Instagram container ${code ?? 'unknown'}` };
      }
      await new Promise((done) => setTimeout(done, 1000));
    }
    const published = await call(cfg, token, `/${account.id}/media_publish`, {
      creation_id: container,
      locale,
    });
    if (!published.ok) return graphOutcome(published);
    const id = ((await published.json()) as { id: string }).id;
    return { kind: 'posted', id, url: await permalink(cfg, token, id, account.name) };
  } catch (error) {
    return { kind: 'maybe', message: (error as Error).message };
  }
}

async function permalink(cfg: PlatformConfig, token: string, id: string, username: string): Promise<string> {
  const response = await call(cfg, token, `/${id}?fields=permalink`).catch(() => null);
  const body = response?.ok ? ((await response.json()) as { permalink?: string }) : {};
  return body.permalink ?? postLink(cfg, id, username);
}

/** The ambiguity check: the Page's or account's recent post with this text since `since`. */
export async function findGraphPost(
  cfg: PlatformConfig,
  account: Account,
  token: string,
  text: string,
  since: Date,
): Promise<{ id: string; url: string } | null> {
  const facebook = cfg.platform === 'facebook';
  const response = await call(
    cfg,
    token,
    facebook
      ? `/${account.id}/feed?fields=id,message,created_time&limit=25`
      : `/${account.id}/media?fields=id,caption,permalink,timestamp&limit=25`,
  );
  if (!response.ok) throw new Error(`${cfg.platform} recent posts: HTTP ${response.status}`);
  const body = (await response.json()) as {
    data?: Array<{
      id: string;
      message?: string;
      caption?: string;
      permalink?: string;
      created_time?: string;
      timestamp?: string;
    }>;
  };
  const after = since.getTime() - 60_000;
  const found = body.data?.find(
    (p) =>
      (facebook ? p.message : p.caption) === text &&
      Date.parse((p.created_time ?? p.timestamp ?? '').replace(/\+0000$/, 'Z')) >= after,
  );
  if (!found) return null;
  return { id: found.id, url: found.permalink ?? postLink(cfg, found.id, account.name) };
}

export type OfferedPage = {
  id: string;
  name: string;
  url: string;
  token: string;
  instagram_id: string;
  instagram_username: string;
  instagram_url: string;
};

/**
 * After Facebook Login: the long-lived user token (`fb_exchange_token`), then the person's Pages
 * with their page tokens (which do not expire when they come from a long-lived token) and linked
 * Instagram business accounts.
 */
export async function pagesOf(cfg: PlatformConfig, userToken: string): Promise<OfferedPage[]> {
  const exchange = new URL(cfg.tokenUrl);
  exchange.search = new URLSearchParams({
    grant_type: 'fb_exchange_token',
    client_id: cfg.clientId,
    client_secret: cfg.clientSecret,
    fb_exchange_token: userToken,
  }).toString();
  const long = await fetch(exchange, { signal: AbortSignal.timeout(15_000) });
  if (!long.ok) throw new Error(`facebook long-lived token: HTTP ${long.status}`);
  const longToken = ((await long.json()) as { access_token: string }).access_token;
  const listed = await call(
    cfg,
    longToken,
    '/me/accounts?fields=id,name,access_token,instagram_business_account{id,username}&limit=100',
  );
  if (!listed.ok) throw new Error(`facebook pages: HTTP ${listed.status}`);
  const body = (await listed.json()) as {
    data?: Array<{
      id: string;
      name: string;
      access_token: string;
      instagram_business_account?: { id: string; username?: string };
    }>;
  };
  const www = cfg.web;
  const instagram = cfg.local ? www : 'https://www.instagram.com';
  return (body.data ?? []).map((p) => ({
    id: p.id,
    name: p.name,
    url: `${www}/${p.id}`,
    token: p.access_token,
    instagram_id: p.instagram_business_account?.id ?? '',
    instagram_username: p.instagram_business_account?.username ?? '',
    instagram_url: p.instagram_business_account?.username
      ? `${instagram}/${p.instagram_business_account.username}`
      : '',
  }));
}
