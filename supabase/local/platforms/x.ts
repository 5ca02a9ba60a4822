import type { Server } from 'node:http';
import {
  approvalPage,
  approve,
  formOf,
  jsonOf,
  PlatformState,
  postPage,
  redeem,
  send,
  serve,
} from './kit.ts';

/**
 * A local stand-in for X (Twitter) API v2 with OAuth 2.0 (authorization code + PKCE S256):
 * `GET /i/oauth2/authorize` (an approval page), `POST /2/oauth2/token` (authorization_code,
 * refresh_token; refresh tokens rotate), `GET /2/users/me`, `POST /2/tweets`,
 * `GET /2/users/:id/tweets`, `POST /2/media/upload` (an image, base64 in JSON; needs `media.write`),
 * and the post's page `/:username/status/:id`. Errors are X's problem
 * objects (`{title, detail, type, status}`); every API answer carries x-rate-limit-* headers.
 */
export async function startX(port: number): Promise<{ url: string; state: PlatformState; server: Server }> {
  const state = new PlatformState(7200);
  const origin = `http://127.0.0.1:${port}`;
  let remaining = 200;
  /** Uploaded images: media id -> the account that uploaded it. */
  const media = new Map<string, string>();
  const limits = (exhausted = false) => ({
    'x-rate-limit-limit': '200',
    'x-rate-limit-remaining': String(exhausted ? 0 : Math.max(0, --remaining)),
    'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + (exhausted ? 1 : 900)),
  });
  const problem = (status: number, title: string, detail = title) => ({
    title,
    detail,
    type: 'about:blank',
    status,
  });

  const server = await serve(port, state, async (req, res, url) => {
    const path = url.pathname;
    if (path === '/i/oauth2/authorize' && req.method === 'GET') {
      const q = url.searchParams;
      if (
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256' ||
        !q.get('code_challenge')
      ) {
        send(res, 400, {
          error: 'invalid_request',
          error_description: 'PKCE (S256) and response_type=code are required',
        });
        return true;
      }
      approvalPage(res, 'X', q, '/i/oauth2/authorize');
      return true;
    }
    if (path === '/i/oauth2/authorize' && req.method === 'POST') {
      await approve(req, res, state);
      return true;
    }
    if (path === '/2/oauth2/token' && req.method === 'POST') {
      const form = await formOf(req);
      const grantType = form.get('grant_type');
      if (grantType === 'authorization_code') {
        const grant = redeem(state, form);
        if (!grant)
          send(res, 400, {
            error: 'invalid_request',
            error_description: 'Value passed for the authorization code was invalid.',
          });
        else send(res, 200, { token_type: 'bearer', ...state.issue(grant.account, grant.scope) });
        return true;
      }
      if (grantType === 'refresh_token') {
        const old = form.get('refresh_token') ?? '';
        const token = state.refresh.get(old);
        state.refresh.delete(old);
        if (!token || token.revoked) {
          send(res, 400, {
            error: 'invalid_request',
            error_description: 'Value passed for the token was invalid.',
          });
        } else send(res, 200, { token_type: 'bearer', ...state.issue(token.account, token.scope) });
        return true;
      }
      send(res, 400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
      return true;
    }
    const account = state.bearer(req);
    const api = path.startsWith('/2/');
    if (api && !account) {
      send(res, 401, problem(401, 'Unauthorized'), limits());
      return true;
    }
    if (path === '/2/users/me' && req.method === 'GET' && account) {
      send(res, 200, { data: { id: account.id, name: account.name, username: account.username } }, limits());
      return true;
    }
    if (path === '/2/media/upload' && req.method === 'POST' && account) {
      const scope = state.access.get(
        /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '',
      )?.scope;
      if (!scope?.split(' ').includes('media.write')) {
        send(res, 403, problem(403, 'Forbidden', 'You are not permitted to perform this action.'), limits());
        return true;
      }
      const body = await jsonOf(req);
      const bytes = Buffer.from(typeof body?.['media'] === 'string' ? body['media'] : '', 'base64');
      if (bytes.length === 0 || body?.['media_category'] !== 'tweet_image') {
        send(
          res,
          400,
          problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.'),
          limits(),
        );
        return true;
      }
      const id = state.newId();
      media.set(id, account.id);
      send(
        res,
        200,
        { data: { id, media_key: `3_${id}`, size: bytes.length, expires_after_secs: 86_400 } },
        limits(),
      );
      return true;
    }
    if (path === '/2/tweets' && req.method === 'POST' && account) {
      const fault = state.takeFault();
      if (fault === '429') {
        send(res, 429, problem(429, 'Too Many Requests'), limits(true));
        return true;
      }
      if (fault === '503') {
        send(res, 503, problem(503, 'Service Unavailable'), limits());
        return true;
      }
      const body = await jsonOf(req);
      const text = typeof body?.['text'] === 'string' ? body['text'] : '';
      const mediaIds = ((body?.['media'] as { media_ids?: unknown } | undefined)?.media_ids ??
        []) as string[];
      if (
        !Array.isArray(mediaIds) ||
        mediaIds.length > 4 ||
        mediaIds.some((m) => media.get(m) !== account.id)
      ) {
        send(res, 400, problem(400, 'Invalid Request', 'Your media IDs are invalid.'), limits());
        return true;
      }
      if (!text.trim() || [...text].length > 280) {
        send(
          res,
          400,
          problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.'),
          limits(),
        );
        return true;
      }
      if (state.posts.some((p) => p.author === account.id && p.text === text)) {
        send(
          res,
          403,
          problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.'),
          limits(),
        );
        return true;
      }
      const id = state.newId();
      state.posts.push({
        id,
        author: account.id,
        text,
        createdAt: Date.now(),
        image: mediaIds.join(',') || undefined,
      });
      if (fault === 'timeout') {
        res.destroy();
        return true;
      }
      send(res, 201, { data: { id, text, edit_history_tweet_ids: [id] } }, limits());
      return true;
    }
    const timeline = /^\/2\/users\/(\d+)\/tweets$/.exec(path);
    if (timeline && req.method === 'GET') {
      const max = Math.min(100, Math.max(5, Number(url.searchParams.get('max_results') ?? 10)));
      const since = Date.parse(url.searchParams.get('start_time') ?? '') || 0;
      const mine = state.posts
        .filter((p) => p.author === timeline[1] && p.createdAt >= since)
        .reverse()
        .slice(0, max)
        .map((p) => ({
          id: p.id,
          text: p.text,
          edit_history_tweet_ids: [p.id],
          created_at: new Date(p.createdAt).toISOString(),
        }));
      const meta = mine.length
        ? { result_count: mine.length, newest_id: mine[0]?.id, oldest_id: mine.at(-1)?.id }
        : { result_count: 0 };
      send(res, 200, mine.length ? { data: mine, meta } : { meta }, limits());
      return true;
    }
    const page = /^\/([A-Za-z0-9_-]+)\/status\/(\d+)$/.exec(path);
    if (page && req.method === 'GET') {
      postPage(
        res,
        'X',
        state.posts.find((p) => p.id === page[2]),
      );
      return true;
    }
    return false;
  });
  return { url: origin, state, server };
}
