import type { IncomingMessage, Server } from 'node:http';
import { readBody } from '../http-util.ts';
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
import { linkedInError as error, LinkedInOrganizations } from './linkedin-orgs.ts';

/**
 * A local stand-in for LinkedIn: OAuth 2.0 (`GET /oauth/v2/authorization`, an approval page;
 * `POST /oauth/v2/accessToken` with authorization_code or refresh_token and the client secret),
 * OpenID `GET /v2/userinfo`, the Posts API `POST /rest/posts` (needs `LinkedIn-Version: YYYYMM`
 * and `X-Restli-Protocol-Version: 2.0.0`; answers 201 with `x-restli-id: urn:li:share:<id>`) and
 * `GET /rest/posts?q=author&author=<urn>`, the Images API (`POST /rest/images?action=initializeUpload`,
 * then `PUT` the bytes to the `uploadUrl` it answers; a post names the image in `content.media.id`),
 * and the post's page `/feed/update/<urn>/`. Organization pages (ACLs, lookups, posting as
 * `urn:li:organization:{id}`, images owned by it): ./linkedin-orgs.ts. Errors are
 * LinkedIn's `{status, serviceErrorCode?, code, message}`; a 429 carries no rate-limit headers.
 */
export async function startLinkedIn(
  port: number,
): Promise<{ url: string; state: PlatformState; server: Server }> {
  const state = new PlatformState(5_184_000);
  /** Images: id -> owner (the author URN), the member who started the upload, whether its bytes arrived. */
  const images = new Map<string, { owner: string; by: string; uploaded: boolean }>();
  const orgs = new LinkedInOrganizations(state);
  const origin = `http://127.0.0.1:${port}`;
  /** The scopes the request's access token was granted. */
  const scopeOf = (req: IncomingMessage) =>
    state.access.get(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '')?.scope ?? '';

  const server = await serve(port, state, async (req, res, url) => {
    const path = url.pathname;
    if (path === '/oauth/v2/authorization' && req.method === 'GET') {
      if (url.searchParams.get('response_type') !== 'code') {
        send(res, 400, { error: 'invalid_request', error_description: 'response_type must be code' });
        return true;
      }
      approvalPage(res, 'LinkedIn', url.searchParams, '/oauth/v2/authorization');
      return true;
    }
    if (path === '/oauth/v2/authorization' && req.method === 'POST') {
      await approve(req, res, state);
      return true;
    }
    if (path === '/oauth/v2/accessToken' && req.method === 'POST') {
      const form = await formOf(req);
      if (!form.get('client_id') || !form.get('client_secret')) {
        send(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
        return true;
      }
      if (form.get('grant_type') === 'authorization_code') {
        const grant = redeem(state, form);
        if (!grant) {
          send(res, 400, {
            error: 'invalid_grant',
            error_description: 'The provided authorization grant is invalid or expired',
          });
        } else
          send(res, 200, {
            token_type: 'Bearer',
            ...state.issue(grant.account, grant.scope),
            refresh_token_expires_in: 31_536_000,
          });
        return true;
      }
      if (form.get('grant_type') === 'refresh_token') {
        const token = state.refresh.get(form.get('refresh_token') ?? '');
        if (!token || token.revoked) {
          send(res, 400, {
            error: 'invalid_grant',
            error_description: 'The provided refresh token is invalid or revoked',
          });
        } else
          send(res, 200, {
            token_type: 'Bearer',
            ...state.issue(token.account, token.scope),
            refresh_token_expires_in: 31_536_000,
          });
        return true;
      }
      send(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type is not supported' });
      return true;
    }
    const account = state.bearer(req);
    if (await orgs.handle(req, res, url, account, scopeOf(req))) return true;
    const upload = /^\/dms-uploads\/(\d+)$/.exec(path);
    if (
      (path === '/v2/userinfo' || path === '/rest/posts' || path === '/rest/images' || upload) &&
      !account
    ) {
      send(res, 401, error(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600));
      return true;
    }
    if (path === '/v2/userinfo' && account) {
      send(res, 200, { sub: account.id, name: account.name, given_name: account.name, family_name: '' });
      return true;
    }
    if (upload && req.method === 'PUT' && account) {
      const image = images.get(upload[1] ?? '');
      const bytes = await readBody(req, 10 * 1024 * 1024);
      if (!image || image.by !== account.id || bytes.length === 0) {
        send(res, 400, error(400, 'BAD_REQUEST', 'Upload refused'));
        return true;
      }
      image.uploaded = true;
      send(res, 201, undefined);
      return true;
    }
    if ((path === '/rest/posts' || path === '/rest/images') && account) {
      if (!/^\d{6}$/.test(String(req.headers['linkedin-version'] ?? ''))) {
        send(
          res,
          400,
          error(
            400,
            'VERSION_MISSING',
            'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
          ),
        );
        return true;
      }
      if (path === '/rest/images') {
        const body = await jsonOf(req);
        const owner = (body?.['initializeUploadRequest'] as { owner?: unknown } | undefined)?.owner;
        if (url.searchParams.get('action') !== 'initializeUpload' || typeof owner !== 'string') {
          send(
            res,
            422,
            error(422, 'UNPROCESSABLE_ENTITY', 'ERROR :: /initializeUploadRequest/owner is invalid'),
          );
          return true;
        }
        if (orgs.refuse(res, account, scopeOf(req), owner, 'partnerApiImages.ACTION-initializeUpload'))
          return true;
        const id = state.newId();
        images.set(id, { owner, by: account.id, uploaded: false });
        send(res, 200, {
          value: {
            uploadUrlExpiresAt: Date.now() + 86_400_000,
            uploadUrl: `${origin}/dms-uploads/${id}`,
            image: `urn:li:image:${id}`,
          },
        });
        return true;
      }
      if (req.method === 'GET') {
        const author = url.searchParams.get('author');
        if (orgs.refuse(res, account, scopeOf(req), author, 'partnerApiPostsExternal.FINDER-author', true))
          return true;
        const elements = state.posts
          .filter((p) => url.searchParams.get('q') === 'author' && p.author === author)
          .reverse()
          .slice(0, Number(url.searchParams.get('count') ?? 10))
          .map((p) => ({
            id: p.id,
            author: p.author,
            commentary: p.text,
            createdAt: p.createdAt,
            lifecycleState: 'PUBLISHED',
          }));
        send(res, 200, { elements, paging: { start: 0, count: elements.length, links: [] } });
        return true;
      }
      const body = await jsonOf(req);
      // A fault switched on for this author (`on: <author URN>`) first, then any post's.
      const fault = state.takeFault(String(body?.['author'] ?? '')) ?? state.takeFault();
      if (fault === '429') {
        send(
          res,
          429,
          error(
            429,
            'TOO_MANY_REQUESTS',
            'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
          ),
        );
        return true;
      }
      if (fault === '503') {
        send(res, 503, error(503, 'SERVICE_UNAVAILABLE', 'Service Unavailable'));
        return true;
      }
      const text = typeof body?.['commentary'] === 'string' ? body['commentary'] : '';
      const media = (body?.['content'] as { media?: { id?: unknown } } | undefined)?.media?.id;
      const image = typeof media === 'string' ? images.get(media.replace('urn:li:image:', '')) : undefined;
      const author = body?.['author'];
      if (media !== undefined && !(image?.uploaded && image.owner === author)) {
        send(res, 422, error(422, 'UNPROCESSABLE_ENTITY', 'ERROR :: /content/media/id is invalid'));
        return true;
      }
      if (typeof author !== 'string' || !text.trim() || body?.['lifecycleState'] !== 'PUBLISHED') {
        send(res, 422, error(422, 'UNPROCESSABLE_ENTITY', 'ERROR :: /author or /commentary is invalid'));
        return true;
      }
      if (orgs.refuse(res, account, scopeOf(req), author, 'partnerApiPostsExternal.CREATE')) return true;
      const id = `urn:li:share:${state.newId()}`;
      state.posts.push({
        id,
        author,
        text,
        createdAt: Date.now(),
        image: typeof media === 'string' ? media : undefined,
      });
      if (fault === 'timeout') {
        res.destroy();
        return true;
      }
      send(res, 201, undefined, { 'x-restli-id': id, 'x-linkedin-id': id });
      return true;
    }
    const page = /^\/feed\/update\/([^/]+)\/?$/.exec(path);
    if (page && req.method === 'GET') {
      postPage(
        res,
        'LinkedIn',
        state.posts.find((p) => p.id === decodeURIComponent(page[1] ?? '')),
      );
      return true;
    }
    return false;
  });
  return { url: origin, state, server };
}
