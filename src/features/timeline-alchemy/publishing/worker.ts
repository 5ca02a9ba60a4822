import { findPost, type PostOutcome, postText, refreshTokens, type Tokens } from './api.ts';
import {
  isApiPlatform,
  isGraphPlatform,
  open,
  type PlatformConfig,
  platformConfig,
  rpc,
  seal,
  tokenKey,
} from './config.ts';

type Env = Record<string, string | undefined>;
type Claimed = {
  preview_id: string;
  platform: string;
  idempotency_key: string;
  sent_at: string | null;
  attempts: number;
  body: string;
  image: string | null;
  locale: string | null;
  connection_id: string | null;
  connection_status: string | null;
  account_id: string | null;
  account_name: string | null;
  access_token: string | null;
  refresh_token: string | null;
  expires_at: string | null;
};
export type PublishOptions = {
  url: string;
  serviceKey: string;
  env?: Env;
  /** First retry after this many seconds, doubling per attempt (production 30, locally 1). */
  backoffSeconds?: number;
  maxAttempts?: number;
};
export type PublishRun = { published: number; posted: number; retried: number; failed: number };

/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** base x 2^(attempt-1) seconds (at most an hour) x a jitter in [0.5, 1). */
export function backoff(attempt: number, baseSeconds: number, random = Math.random()): number {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, attempt - 1)) * 1000 * (0.5 + random / 2);
}

/**
 * One run of the publishing worker: schedules due previews (publish_due_previews), then claims
 * due publications and posts each once. Per publication: `publication_sending` is recorded before
 * the request; a claim that finds it set checks the platform's recent posts first (the last
 * attempt may have posted); 429 waits for the platform's reset; 401 refreshes the token once;
 * a refused refresh marks the connection revoked ("reconnect") and posts nothing.
 */
export async function runPublishing(options: PublishOptions): Promise<PublishRun> {
  const env = options.env ?? process.env;
  const db = { url: options.url, key: options.serviceKey };
  const base = options.backoffSeconds ?? 30;
  const maxAttempts = options.maxAttempts ?? 8;
  const run: PublishRun = { published: 0, posted: 0, retried: 0, failed: 0 };
  run.published += (await rpc<number>(db, 'publish_due_previews', {})) ?? 0;
  const claimed = await rpc<Claimed[]>(db, 'publication_claim', { max_rows: 10 });
  const key = tokenKey(options.url, env);

  for (const row of claimed) {
    const ids = { preview_id: row.preview_id, platform: row.platform };
    const fail = async (code: string, error: string) => {
      run.failed++;
      await rpc(db, 'publication_failed', { ...ids, error_code: code, error });
    };
    const retry = async (at: Date | null, error: string, maybeSent: boolean) => {
      if (row.attempts >= maxAttempts) return fail('gave_up', error);
      run.retried++;
      const when = at ?? new Date(Date.now() + backoff(row.attempts, base));
      await rpc(db, 'publication_retry', {
        ...ids,
        retry_at: when.toISOString(),
        error,
        maybe_sent: maybeSent,
      });
    };
    if (row.platform === 'instagram' && !row.image) {
      // Instagram publishes pictures only: nothing to ask the platform.
      await fail('no_image', 'Instagram needs an image: this preview has none');
      continue;
    }
    const cfg = isApiPlatform(row.platform) ? platformConfig(row.platform, env) : null;
    if (!cfg || !key) {
      await fail('not_configured', `${row.platform} is not configured on the server`);
      continue;
    }
    if (!row.connection_id || !row.access_token || !row.account_id) {
      await fail('not_connected', 'No connected account');
      continue;
    }
    if (row.connection_status === 'revoked') {
      await fail('revoked', 'The connection was revoked: reconnect the account');
      continue;
    }
    const account = { id: row.account_id, name: row.account_name ?? row.account_id };
    let tokens: Tokens = {
      access: open(key, row.access_token),
      refresh: row.refresh_token ? open(key, row.refresh_token) : null,
      expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    };
    const refresh = async (): Promise<boolean> => {
      const fresh = tokens.refresh ? await refreshTokens(cfg, tokens.refresh) : null;
      if (!fresh) {
        // No refresh token (LinkedIn gives them to few apps): expired; a refused one: revoked.
        const status = tokens.refresh || isGraphPlatform(cfg.platform) ? 'revoked' : 'expired';
        await rpc(db, 'social_connection_mark', { connection_id: row.connection_id, status });
        await fail(status, 'The platform refused the token: reconnect the account');
        return false;
      }
      tokens = fresh;
      await rpc(db, 'social_tokens_update', {
        connection_id: row.connection_id,
        access_token: seal(key, fresh.access),
        refresh_token: fresh.refresh ? seal(key, fresh.refresh) : null,
        expires_at: fresh.expiresAt?.toISOString() ?? null,
      });
      return true;
    };
    try {
      if (
        tokens.expiresAt &&
        tokens.expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS &&
        !(await refresh())
      )
        continue;
      if (row.sent_at) {
        // The last attempt may have posted: look before posting again.
        const found = await findPost(cfg, account, tokens.access, row.body, new Date(row.sent_at));
        if (found) {
          run.posted++;
          await rpc(db, 'publication_posted', { ...ids, external_id: found.id, url: found.url });
          continue;
        }
      }
      const media = { image: row.image, locale: row.locale };
      let outcome = await send(db, ids, cfg, account, tokens.access, row.body, media);
      if (outcome.kind === 'unauthorized') {
        if (!(await refresh())) continue;
        outcome = await send(db, ids, cfg, account, tokens.access, row.body, media);
      }
      if (outcome.kind === 'posted') {
        run.posted++;
        await rpc(db, 'publication_posted', { ...ids, external_id: outcome.id, url: outcome.url });
      } else if (outcome.kind === 'later') await retry(outcome.retryAt, outcome.message, false);
      else if (outcome.kind === 'maybe') await retry(null, outcome.message, true);
      else if (outcome.kind === 'unauthorized') await fail('unauthorized', outcome.message);
      else await fail('rejected', outcome.message);
    } catch (error) {
      // A network failure before the request, or a failed check: keep sent_at as it is.
      await retry(null, (error as Error).message, Boolean(row.sent_at)).catch(() => undefined);
    }
  }
  if (claimed.length > 0) run.published += (await rpc<number>(db, 'publish_due_previews', {})) ?? 0;
  return run;
}

async function send(
  db: { url: string; key: string },
  ids: { preview_id: string; platform: string },
  cfg: PlatformConfig,
  account: { id: string; name: string },
  token: string,
  text: string,
  media: { image: string | null; locale: string | null },
): Promise<PostOutcome> {
  // The idempotency record, before anything leaves.
  await rpc(db, 'publication_sending', ids);
  return postText(cfg, account, token, text, media);
}
