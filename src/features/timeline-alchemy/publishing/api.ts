import * as oauth from 'oauth4webapi';
import { isGraphPlatform, LINKEDIN_VERSION, type PlatformConfig, postLink } from './config.ts';
import { findGraphPost, graphLocale, postGraph } from './graph.ts';
import { linkedInAuthor } from './linkedin-orgs.ts';
import { uploadLinkedInImage, uploadXImage } from './media.ts';

/** What one platform call came to, for the worker to decide. */
export type PostOutcome =
  | { kind: 'posted'; id: string; url: string }
  /** Refused before anything was posted: retry at `retryAt` (rate limit, honouring its headers). */
  | { kind: 'later'; retryAt: Date | null; message: string }
  /** The request may have been posted (timeout, dropped connection, 5xx): check before a retry. */
  | { kind: 'maybe'; message: string }
  | { kind: 'unauthorized'; message: string }
  /** A definitive refusal with the platform's message. */
  | { kind: 'rejected'; message: string };

export type Account = { id: string; name: string };
export type Tokens = { access: string; refresh: string | null; expiresAt: Date | null };

const as = (cfg: PlatformConfig): oauth.AuthorizationServer => ({
  issuer: cfg.issuer,
  authorization_endpoint: cfg.authorizeUrl,
  token_endpoint: cfg.tokenUrl,
});
const client = (cfg: PlatformConfig): oauth.Client => ({ client_id: cfg.clientId });
// X's confidential clients authenticate with Basic; LinkedIn takes the secret in the body.
const auth = (cfg: PlatformConfig) =>
  cfg.platform === 'x' ? oauth.ClientSecretBasic(cfg.clientSecret) : oauth.ClientSecretPost(cfg.clientSecret);
const options = (cfg: PlatformConfig) => (cfg.local ? { [oauth.allowInsecureRequests]: true } : {});

/** The authorize URL for a new connect, with its state and (X) PKCE verifier. */
export async function authorizeUrl(cfg: PlatformConfig, redirectUri: string) {
  const state = oauth.generateRandomState();
  const verifier = cfg.pkce ? oauth.generateRandomCodeVerifier() : '';
  const url = new URL(cfg.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', cfg.scope);
  url.searchParams.set('state', state);
  if (cfg.pkce) {
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return { url: url.toString(), state, verifier };
}

const tokensOf = (result: oauth.TokenEndpointResponse, previous: string | null = null): Tokens => ({
  access: result.access_token,
  refresh: result.refresh_token ?? previous,
  expiresAt: typeof result.expires_in === 'number' ? new Date(Date.now() + result.expires_in * 1000) : null,
});

/** The callback: checks state, exchanges the code (with the verifier), reads who connected. */
export async function finishAuthorization(
  cfg: PlatformConfig,
  callback: URL,
  expectedState: string,
  verifier: string,
  redirectUri: string,
): Promise<{ tokens: Tokens; account: Account; profileUrl: string }> {
  const params = oauth.validateAuthResponse(as(cfg), client(cfg), callback, expectedState);
  const response = await oauth.authorizationCodeGrantRequest(
    as(cfg),
    client(cfg),
    auth(cfg),
    params,
    redirectUri,
    cfg.pkce ? verifier : oauth.nopkce,
    options(cfg),
  );
  const tokens = tokensOf(await oauth.processAuthorizationCodeResponse(as(cfg), client(cfg), response));
  const account = await whoAmI(cfg, tokens.access);
  const profileUrl = cfg.platform === 'x' ? `${cfg.web}/${account.name}` : '';
  return { tokens, account, profileUrl };
}

async function whoAmI(cfg: PlatformConfig, token: string): Promise<Account> {
  const path = cfg.platform === 'x' ? '/2/users/me' : isGraphPlatform(cfg.platform) ? '/me' : '/v2/userinfo';
  const response = await fetch(`${cfg.apiBase}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`${cfg.platform} profile: HTTP ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  if (cfg.platform === 'x') {
    const data = body['data'] as { id: string; username: string };
    return { id: data.id, name: data.username };
  }
  const id = String(body['sub'] ?? body['id']);
  // LinkedIn: the member's author URN (a connection may also post as an organization's URN).
  return { id: cfg.platform === 'linkedin' ? linkedInAuthor(id) : id, name: String(body['name'] ?? id) };
}

/** A refresh: new tokens, or null when the platform refuses the refresh token (revoked). */
export async function refreshTokens(cfg: PlatformConfig, refresh: string): Promise<Tokens | null> {
  const response = await oauth.refreshTokenGrantRequest(
    as(cfg),
    client(cfg),
    auth(cfg),
    refresh,
    options(cfg),
  );
  try {
    return tokensOf(await oauth.processRefreshTokenResponse(as(cfg), client(cfg), response), refresh);
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return null;
    throw error;
  }
}

const messageOf = async (response: Response) => {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return String(body['detail'] ?? body['message'] ?? body['title'] ?? `HTTP ${response.status}`);
};

const headers = (cfg: PlatformConfig, token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  ...(cfg.platform === 'linkedin'
    ? { 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' }
    : {}),
});

/** When X says the window resets (x-rate-limit-reset, Unix seconds), or Retry-After. */
export function retryAtOf(response: Pick<Response, 'headers'>, now = Date.now()): Date | null {
  const reset = Number(response.headers.get('x-rate-limit-reset'));
  if (Number.isFinite(reset) && reset > 0) return new Date(Math.max(now, reset * 1000));
  const after = Number(response.headers.get('retry-after'));
  if (Number.isFinite(after) && after > 0) return new Date(now + after * 1000);
  return null;
}

/** Posts one text as the account, with the preview's image where it has one. */
export async function postText(
  cfg: PlatformConfig,
  account: Account,
  token: string,
  text: string,
  media: { image: string | null; locale: string | null } = { image: null, locale: null },
): Promise<PostOutcome> {
  if (isGraphPlatform(cfg.platform)) {
    return postGraph(cfg, account, token, text, media.image, graphLocale(media.locale));
  }
  let mediaIds: string[] = [];
  if (media.image) {
    const uploaded =
      cfg.platform === 'x'
        ? await uploadXImage(cfg, token, media.image)
        : await uploadLinkedInImage(cfg, token, linkedInAuthor(account.id), media.image);
    if (!('id' in uploaded)) return uploaded;
    mediaIds = [uploaded.id];
  }
  const body =
    cfg.platform === 'x'
      ? { text, ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}) }
      : {
          author: linkedInAuthor(account.id),
          commentary: text,
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          ...(mediaIds[0] ? { content: { media: { id: mediaIds[0] } } } : {}),
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        };
  let response: Response;
  try {
    response = await fetch(`${cfg.apiBase}${cfg.platform === 'x' ? '/2/tweets' : '/rest/posts'}`, {
      method: 'POST',
      headers: headers(cfg, token),
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    return { kind: 'maybe', message: (error as Error).message };
  }
  if (response.status === 201 || response.status === 200) {
    const id =
      cfg.platform === 'x'
        ? ((await response.json()) as { data: { id: string } }).data.id
        : (response.headers.get('x-restli-id') ?? '');
    return { kind: 'posted', id, url: postLink(cfg, id, account.name) };
  }
  const message = await messageOf(response);
  if (response.status === 429) return { kind: 'later', retryAt: retryAtOf(response), message };
  if (response.status === 401) return { kind: 'unauthorized', message };
  if (response.status >= 500) return { kind: 'maybe', message };
  return { kind: 'rejected', message };
}

/** The ambiguity check: a post with this text by the account since `since`, if there is one. */
export async function findPost(
  cfg: PlatformConfig,
  account: Account,
  token: string,
  text: string,
  since: Date,
): Promise<{ id: string; url: string } | null> {
  if (isGraphPlatform(cfg.platform)) return findGraphPost(cfg, account, token, text, since);
  const url =
    cfg.platform === 'x'
      ? `${cfg.apiBase}/2/users/${account.id}/tweets?max_results=20&start_time=${encodeURIComponent(new Date(since.getTime() - 60_000).toISOString())}`
      : `${cfg.apiBase}/rest/posts?q=author&author=${encodeURIComponent(linkedInAuthor(account.id))}&count=20`;
  const response = await fetch(url, { headers: headers(cfg, token), signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`${cfg.platform} recent posts: HTTP ${response.status}`);
  const body = (await response.json()) as {
    data?: Array<{ id: string; text: string }>;
    elements?: Array<{ id: string; commentary: string }>;
  };
  const found =
    cfg.platform === 'x'
      ? body.data?.find((p) => p.text === text)?.id
      : body.elements?.find((p) => p.commentary === text)?.id;
  return found ? { id: found, url: postLink(cfg, found, account.name) } : null;
}
