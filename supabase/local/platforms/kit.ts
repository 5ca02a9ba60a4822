import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readBody } from '../http-util.ts';

/**
 * What the stand-ins of the social platforms share: accounts, authorization codes, tokens, posts
 * and faults a test switches on through `POST /__control` (never part of a real platform).
 * Faults (each for `times` requests to the platform's post endpoint, default 1; `on` names which
 * endpoint when a stand-in has several, as the Graph API's Facebook and Instagram publishing):
 *   `429` rate limited (with the platform's rate-limit headers), `503` server error,
 *   `timeout` the post is stored but the answer never comes (the connection is dropped),
 *   `expire` every access token expires now (the refresh token still works),
 *   `revoke` every token is revoked (access and refresh).
 */
export type Fault = '429' | '503' | 'timeout';
export type Post = {
  id: string;
  author: string;
  text: string;
  createdAt: number;
  /** The Graph stand-in: which network and which picture. */
  network?: string;
  image?: string | undefined;
};
export type Account = { id: string; name: string; username: string };
type Grant = { account: Account; scope: string; redirectUri: string; challenge?: string | undefined };
type Token = { account: Account; scope: string; expiresAt: number; revoked: boolean };

export class PlatformState {
  readonly posts: Post[] = [];
  readonly codes = new Map<string, Grant>();
  readonly access = new Map<string, Token>();
  readonly refresh = new Map<string, Token>();
  faults = new Map<string, Fault[]>();
  nextId = BigInt(Date.now()) * 1000n;

  readonly accessSeconds: number;

  constructor(accessSeconds: number) {
    this.accessSeconds = accessSeconds;
  }

  account(username: string): Account {
    const clean =
      username
        .trim()
        .replace(/[^A-Za-z0-9_-]/g, '')
        .slice(0, 30) || 'innercircle';
    const id = BigInt(`0x${createHash('sha256').update(clean).digest('hex').slice(0, 12)}`).toString();
    return { id, name: clean, username: clean };
  }

  issue(account: Account, scope: string) {
    const access_token = randomBytes(24).toString('base64url');
    const refresh_token = randomBytes(24).toString('base64url');
    const token = { account, scope, expiresAt: Date.now() + this.accessSeconds * 1000, revoked: false };
    this.access.set(access_token, token);
    this.refresh.set(refresh_token, { ...token, expiresAt: Number.POSITIVE_INFINITY });
    return { access_token, refresh_token, expires_in: this.accessSeconds, scope };
  }

  /** The account behind a Bearer token, or null (missing, unknown, expired or revoked). */
  bearer(req: IncomingMessage): Account | null {
    const value = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = value ? this.access.get(value) : undefined;
    if (!token || token.revoked || token.expiresAt <= Date.now()) return null;
    return token.account;
  }

  newId(): string {
    this.nextId += 1n;
    return this.nextId.toString();
  }

  takeFault(on = 'post'): Fault | undefined {
    return this.faults.get(on)?.shift();
  }

  control(body: Record<string, unknown>): unknown {
    const fault = String(body['fault'] ?? '');
    const times = Math.max(1, Math.min(100, Number(body['times'] ?? 1)));
    const on = String(body['on'] ?? 'post');
    if (fault === 'expire') for (const token of this.access.values()) token.expiresAt = 0;
    else if (fault === 'revoke') {
      for (const token of this.access.values()) token.revoked = true;
      for (const token of this.refresh.values()) token.revoked = true;
    } else if (fault === '429' || fault === '503' || fault === 'timeout') {
      const queue = this.faults.get(on) ?? [];
      for (let i = 0; i < times; i++) queue.push(fault);
      this.faults.set(on, queue);
    } else if (fault === 'none') this.faults.clear();
    return { faults: Object.fromEntries(this.faults), posts: this.posts.length };
  }
}

const sha256url = (text: string) => createHash('sha256').update(text).digest('base64url');

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...(text ? { 'content-type': 'application/json' } : {}), ...headers });
  res.end(text);
}

export async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
}

export async function jsonOf(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  try {
    const value = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The local approval page: the person names the account and allows or cancels. */
export function approvalPage(res: ServerResponse, platform: string, query: URLSearchParams, action: string) {
  const hidden = [...query.entries()]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${platform}: authorize app</title></head>
<body><main><h1>${platform} (local stand-in)</h1>
<p>An app (client ${escapeHtml(query.get('client_id') ?? '')}) asks for: ${escapeHtml(query.get('scope') ?? '')}</p>
<form method="post" action="${escapeHtml(action)}">${hidden}
<label>Account <input name="account" value="innercircle"></label>
<button type="submit" name="decision" value="allow">Authorize app</button>
<button type="submit" name="decision" value="cancel">Cancel</button></form></main></body></html>`);
}

/** The approval form's answer: a code for the redirect URI, or access_denied. */
export async function approve(req: IncomingMessage, res: ServerResponse, state: PlatformState) {
  const form = await formOf(req);
  const redirect = new URL(form.get('redirect_uri') ?? '');
  const stateParam = form.get('state');
  if (stateParam) redirect.searchParams.set('state', stateParam);
  if (form.get('decision') !== 'allow') {
    redirect.searchParams.set('error', 'access_denied');
  } else {
    const code = randomBytes(18).toString('base64url');
    state.codes.set(code, {
      account: state.account(form.get('account') ?? ''),
      scope: form.get('scope') ?? '',
      redirectUri: form.get('redirect_uri') ?? '',
      challenge: form.get('code_challenge') ?? undefined,
    });
    redirect.searchParams.set('code', code);
  }
  res.writeHead(302, { location: redirect.toString() });
  res.end();
}

/** Checks a code exchange: the code once, the same redirect URI, the PKCE verifier if a challenge was sent. */
export function redeem(state: PlatformState, form: URLSearchParams): Grant | null {
  const code = form.get('code') ?? '';
  const grant = state.codes.get(code);
  state.codes.delete(code);
  if (!grant || grant.redirectUri !== form.get('redirect_uri')) return null;
  if (grant.challenge && sha256url(form.get('code_verifier') ?? '') !== grant.challenge) return null;
  return grant;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

/** An HTTP server for one platform: its routes, then `/__control` (faults) and `/__posts`. */
export function serve(port: number, state: PlatformState, handle: Handler): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    (async () => {
      if (url.pathname === '/__control' && req.method === 'POST') {
        return send(res, 200, state.control((await jsonOf(req)) ?? {}));
      }
      if (url.pathname === '/__posts') return send(res, 200, state.posts);
      if (!(await handle(req, res, url))) send(res, 404, { title: 'Not Found', status: 404 });
    })().catch((error: Error) => {
      if (!res.headersSent) send(res, 400, { title: 'Bad Request', detail: error.message, status: 400 });
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** A post's public page on the stand-in (what the preview links to). */
export function postPage(res: ServerResponse, platform: string, post: Post | undefined) {
  if (!post) return send(res, 404, { title: 'Not Found', status: 404 });
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${platform} post</title></head><body><main><h1>${platform} post ${escapeHtml(post.id)}</h1><p>${escapeHtml(post.text)}</p></main></body></html>`,
  );
}
