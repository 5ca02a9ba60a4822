import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { isLocalUrl } from '../shared/local-url.ts';

/** The platforms that publish through their API (Facebook and Instagram through Meta's Graph API). */
const API_PLATFORMS = ['x', 'linkedin', 'facebook', 'instagram'] as const;
export type ApiPlatform = (typeof API_PLATFORMS)[number];
export const isApiPlatform = (value: unknown): value is ApiPlatform =>
  (API_PLATFORMS as readonly unknown[]).includes(value);
/** Facebook Pages and Instagram business accounts: one Facebook Login connects both. */
export const isGraphPlatform = (platform: ApiPlatform) => platform === 'facebook' || platform === 'instagram';

type Env = Record<string, string | undefined>;
const runtimeEnv = (): Env => (typeof process === 'undefined' ? {} : process.env);

export type PlatformConfig = {
  platform: ApiPlatform;
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiBase: string;
  /** The platform's public web origin: profiles, Pages and posts (`postLink`). */
  web: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  pkce: boolean;
  /** Local stand-in (plain http allowed, dev credentials). */
  local: boolean;
};

/** Posting as, listing and reading the organizations a member administers (Community Management API). */
const LINKEDIN_ORG_SCOPES = 'w_organization_social r_organization_social r_organization_admin';
/** LinkedIn's API version (YYYYMM) sent with every Posts API call. */
export const LINKEDIN_VERSION = '202510';
/** Meta's Graph API version in every Facebook and Instagram path (Meta retires each after ~2 years). */
const GRAPH_VERSION = 'v24.0';

/** Facebook Login for Pages and Instagram publishing (SOCIAL_META_URL: the local Graph stand-in). */
function metaConfig(platform: 'facebook' | 'instagram', env: Env): PlatformConfig | null {
  const local = env['SOCIAL_META_URL'];
  const clientId = env['FACEBOOK_APP_ID'] || (local ? 'local-meta-app' : '');
  if (!clientId) return null;
  const www = local ?? 'https://www.facebook.com';
  const graph = `${local ?? 'https://graph.facebook.com'}/${GRAPH_VERSION}`;
  return {
    platform,
    issuer: www,
    authorizeUrl: `${www}/${GRAPH_VERSION}/dialog/oauth`,
    tokenUrl: `${graph}/oauth/access_token`,
    apiBase: graph,
    web: platform === 'facebook' ? www : (local ?? 'https://www.instagram.com'),
    clientId,
    clientSecret: env['FACEBOOK_APP_SECRET'] || (local ? 'local-meta-secret' : ''),
    scope:
      'pages_show_list,pages_read_engagement,pages_manage_posts,business_management,instagram_basic,instagram_content_publish',
    pkce: false,
    local: Boolean(local),
  };
}

/**
 * Each platform's endpoints and app credentials. SOCIAL_X_URL / SOCIAL_LINKEDIN_URL /
 * SOCIAL_META_URL point a platform at a local stand-in (`npm start` sets them); unset means the
 * real hosts with X_CLIENT_ID/X_CLIENT_SECRET, LINKEDIN_CLIENT_ID/LINKEDIN_CLIENT_SECRET and
 * FACEBOOK_APP_ID/FACEBOOK_APP_SECRET (Facebook and Instagram); LINKEDIN_ORGANIZATIONS=true
 * adds LinkedIn's organization scopes. Null: not configured.
 */
export function platformConfig(platform: ApiPlatform, env: Env = runtimeEnv()): PlatformConfig | null {
  if (platform === 'facebook' || platform === 'instagram') return metaConfig(platform, env);
  if (platform === 'x') {
    const local = env['SOCIAL_X_URL'];
    const clientId = env['X_CLIENT_ID'] || (local ? 'local-x-client' : '');
    if (!clientId) return null;
    return {
      platform,
      issuer: local ?? 'https://x.com',
      authorizeUrl: `${local ?? 'https://x.com'}/i/oauth2/authorize`,
      tokenUrl: `${local ?? 'https://api.x.com'}/2/oauth2/token`,
      apiBase: local ?? 'https://api.x.com',
      web: local ?? 'https://x.com',
      clientId,
      clientSecret: env['X_CLIENT_SECRET'] || (local ? 'local-x-secret' : ''),
      scope: 'tweet.read tweet.write users.read media.write offline.access',
      pkce: true,
      local: Boolean(local),
    };
  }
  const local = env['SOCIAL_LINKEDIN_URL'];
  const clientId = env['LINKEDIN_CLIENT_ID'] || (local ? 'local-linkedin-client' : '');
  if (!clientId) return null;
  return {
    platform,
    issuer: local ? `${local}/oauth` : 'https://www.linkedin.com/oauth',
    authorizeUrl: `${local ?? 'https://www.linkedin.com'}/oauth/v2/authorization`,
    tokenUrl: `${local ?? 'https://www.linkedin.com'}/oauth/v2/accessToken`,
    apiBase: local ?? 'https://api.linkedin.com',
    web: local ?? 'https://www.linkedin.com',
    clientId,
    clientSecret: env['LINKEDIN_CLIENT_SECRET'] || (local ? 'local-linkedin-secret' : ''),
    // Organization pages need the Community Management API product on the LinkedIn app
    // (LINKEDIN_ORGANIZATIONS=true once it is approved; the local stand-in always has it).
    scope: `openid profile w_member_social${local || env['LINKEDIN_ORGANIZATIONS'] === 'true' ? ` ${LINKEDIN_ORG_SCOPES}` : ''}`,
    pkce: false,
    local: Boolean(local),
  };
}

/** Used only against a local stack; production sets SOCIAL_TOKEN_KEY (32 bytes, base64). */
const LOCAL_TOKEN_KEY = 'local-dev-social-token-key-do-not-use-in-production';

/** The AES-256 key for tokens at rest, or null (not configured: nothing connects or posts). */
export function tokenKey(supabaseUrl: string, env: Env = runtimeEnv()): Buffer | null {
  const configured = env['SOCIAL_TOKEN_KEY'];
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    return key.length === 32 ? key : null;
  }
  return isLocalUrl(supabaseUrl) ? createHash('sha256').update(LOCAL_TOKEN_KEY).digest() : null;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed token');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A service-role RPC through PostgREST (the worker and the OAuth callback). */
export async function rpc<T>(
  base: { url: string; key: string },
  fn: string,
  args: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${base.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: base.key, authorization: `Bearer ${base.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${fn}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Where a post can be seen (`username`: the account's handle). Instagram's link is the media's
 * permalink, read after publishing; its profile is the fallback.
 */
export function postLink(cfg: PlatformConfig, id: string, username: string): string {
  if (cfg.platform === 'x') return `${cfg.web}/${username}/status/${id}`;
  if (cfg.platform === 'linkedin') return `${cfg.web}/feed/update/${id}/`;
  if (cfg.platform === 'facebook') return `${cfg.web}/${id}`;
  return `${cfg.web}/${username}`;
}
