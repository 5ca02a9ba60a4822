import { createHash } from 'node:crypto';
import { z } from 'zod';
import { asLocale, type Locale, localizePath } from '~/i18n/locales.ts';
import { apiError, json, readJsonBody } from '~/lib/http/json.ts';
import { authorizeUrl, finishAuthorization } from './api.ts';
import { isApiPlatform, platformConfig, rpc, seal, tokenKey } from './config.ts';
import { pagesOf } from './graph.ts';
import { linkedInOffer } from './linkedin-orgs.ts';

type Env = Record<string, string | undefined>;
export type ConnectDeps = {
  url: string;
  anonKey: string;
  /** Server-only, for the callback (which arrives without the client's session). */
  serviceKey: string | undefined;
  origin: string;
  env?: Env;
};

/** The body of POST /api/timeline-alchemy/connect. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const connectBodySchema = z.object({
  /** Facebook Login connects a Page and its linked Instagram account (the client picks the Page after). */
  platform: z.enum(['x', 'linkedin', 'facebook']),
  lang: z.enum(['nl', 'en', 'de']).default('nl'),
});

/** The query the platform sends back. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const callbackQuerySchema = z.object({
  state: z.string().min(16).max(200),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});

const PAGE = '/timeline-alchemy/client/social-connections';
const hash = (state: string) => createHash('sha256').update(state).digest('hex');
const callbackUrl = (origin: string) => `${origin}/api/timeline-alchemy/connect-callback`;

/**
 * POST /api/timeline-alchemy/connect `{platform, lang}` with the client's JWT: records the OAuth
 * state and PKCE verifier for this client (the database refuses anyone who is not a client) and
 * answers `{url}`, the platform's authorize page.
 */
export async function handleConnectStart(request: Request, deps: ConnectDeps): Promise<Response> {
  const jwt = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!jwt) return apiError(401, 'unauthorized', 'Sign in as a client first.');
  const parsed = await readJsonBody(request, connectBodySchema);
  if (!parsed.ok) return parsed.response;
  const cfg = platformConfig(parsed.data.platform, deps.env);
  if (!cfg || !tokenKey(deps.url, deps.env) || !deps.serviceKey) {
    return apiError(503, 'not_configured', 'This platform is not configured on the server.');
  }
  const start = await authorizeUrl(cfg, callbackUrl(deps.origin));
  const response = await fetch(`${deps.url}/rest/v1/rpc/social_connect_begin`, {
    method: 'POST',
    headers: { apikey: deps.anonKey, authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      platform: cfg.platform,
      state_hash: hash(start.state),
      code_verifier: start.verifier,
      locale: parsed.data.lang,
    }),
  }).catch(() => null);
  if (!response) return apiError(503, 'unavailable', 'The database could not be reached.');
  if (response.status === 401) return apiError(401, 'unauthorized', 'Sign in as a client first.');
  if (!response.ok) return apiError(403, 'forbidden', 'Only a client connects accounts.');
  return json({ url: start.url });
}

/**
 * GET /api/timeline-alchemy/connect-callback?code&state: takes the state once, exchanges the
 * code, stores the account and its tokens (sealed with AES-256-GCM) and returns the person to the
 * connections page in their language with `?connected=<platform>` or `?connect=failed`; Facebook,
 * and LinkedIn for a member with organization pages, first offer a choice (`?choose=<platform>`).
 */
export async function handleConnectCallback(request: Request, deps: ConnectDeps): Promise<Response> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return apiError(400, 'bad_request', 'Not a callback address.');
  }
  const query = callbackQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success || (!query.data.code && !query.data.error)) {
    // Not a platform's answer (they always carry state and code or error).
    return apiError(400, 'bad_request', 'An OAuth callback carries state and code (or error).');
  }
  const back = (lang: Locale, query: string) =>
    new Response(null, {
      status: 303,
      headers: { location: `${deps.origin}${localizePath(PAGE, lang)}?${query}` },
    });
  const state = query.data.state;
  const key = tokenKey(deps.url, deps.env);
  if (!key || !deps.serviceKey) return back('nl', 'connect=failed');
  const db = { url: deps.url, key: deps.serviceKey };
  let taken: Array<{ client_id: string; platform: string; code_verifier: string; locale: string }>;
  try {
    taken = await rpc(db, 'social_connect_take', { state_hash: hash(state) });
  } catch {
    return back('nl', 'connect=failed');
  }
  const row = taken[0];
  if (!row || !isApiPlatform(row.platform)) return back('nl', 'connect=failed');
  const lang = asLocale(row.locale) ?? 'nl';
  const cfg = platformConfig(row.platform, deps.env);
  if (!cfg || url.searchParams.has('error')) return back(lang, 'connect=failed');
  try {
    // oauth4webapi checks state and issuer parameters; the URL must carry only the callback's own.
    const done = await finishAuthorization(cfg, url, state, row.code_verifier, callbackUrl(deps.origin));
    if (row.platform === 'facebook') {
      // The person's Pages, each with its page token (sealed here): the client picks one next.
      const pages = await pagesOf(cfg, done.tokens.access);
      if (pages.length === 0) return back(lang, 'connect=nopages');
      await rpc(db, 'social_pages_offer', {
        client_id: row.client_id,
        pages: pages.map((p) => ({ ...p, token: seal(key, p.token) })),
      });
      return back(lang, 'choose=facebook');
    }
    if (row.platform === 'linkedin') {
      // A member who administers organization pages chooses whom to post as.
      const options = await linkedInOffer(cfg, done.account, done.tokens, (plain) => seal(key, plain));
      if (options.length > 0) {
        await rpc(db, 'social_pages_offer', {
          client_id: row.client_id,
          pages: options,
          platform: 'linkedin',
        });
        return back(lang, 'choose=linkedin');
      }
    }
    await rpc(db, 'social_connection_save', {
      client_id: row.client_id,
      platform: row.platform,
      account_id: done.account.id,
      account_name: done.account.name,
      profile_url: done.profileUrl || null,
      access_token: seal(key, done.tokens.access),
      refresh_token: done.tokens.refresh ? seal(key, done.tokens.refresh) : null,
      expires_at: done.tokens.expiresAt?.toISOString() ?? null,
    });
    return back(lang, `connected=${row.platform}`);
  } catch (error) {
    console.error(`connect ${row.platform}: ${(error as Error).message}`);
    return back(lang, 'connect=failed');
  }
}
