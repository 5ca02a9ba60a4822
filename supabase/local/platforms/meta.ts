import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type Account, approvalPage, approve, PlatformState, postPage, redeem, send, serve } from './kit.ts';
import { badToken, DUPLICATE, graphError, graphFault, idOf, paramsOf, usageCounter } from './meta-graph.ts';

/**
 * A local stand-in for Meta's Graph API (one host for Facebook and Instagram, as graph.facebook.com):
 * Facebook Login (`GET /vNN.N/dialog/oauth`, an approval page; `/vNN.N/oauth/access_token` for the
 * code and for `grant_type=fb_exchange_token`, the long-lived exchange), `GET /me/accounts` (the
 * person's Pages with page tokens and linked Instagram business accounts), Pages publishing
 * (`POST /{page-id}/feed`, `POST /{page-id}/photos`, `GET /{page-id}/feed`) and Instagram content
 * publishing (`POST /{ig-user-id}/media` makes a container, `GET /{container-id}?fields=status_code`,
 * `POST /{ig-user-id}/media_publish`, `GET /{ig-user-id}/media`, `GET /{media-id}?fields=permalink`).
 * Errors are Graph's `{error: {message, type, code, error_subcode?, error_user_msg?, fbtrace_id}}`
 * (`error_user_msg` in the request's `locale`); answers carry `x-app-usage` (user tokens) or
 * `x-business-use-case-usage` (page tokens). Faults: `on: "facebook"` (feed and photos) or
 * `on: "instagram"` (media_publish). Post pages: `/{page-id}_{post-id}` and `/p/{shortcode}/`.
 */
type Page = { id: string; name: string; token: string; ig: { id: string; username: string } | null };
type Container = { id: string; ig: string; caption: string; image: string; status: 'FINISHED' | 'PUBLISHED' };

export async function startMeta(
  port: number,
): Promise<{ url: string; state: PlatformState; server: Server }> {
  const state = new PlatformState(3600);
  const origin = `http://127.0.0.1:${port}`;
  const pages = new Map<string, Page>();
  const containers = new Map<string, Container>();

  /** The Pages of a person: a "Studio" with a linked Instagram business account and a "Shop" without. */
  const pagesOf = (user: Account): Page[] =>
    [`${user.name} Studio`, `${user.name} Shop`].map((name, i) => {
      const id = idOf(`page/${user.id}/${i}`);
      const known = pages.get(id);
      if (known) return known;
      const token = randomBytes(24).toString('base64url');
      const page: Page = {
        id,
        name,
        token,
        ig: i === 0 ? { id: idOf(`ig/${id}`), username: `${user.name.toLowerCase()}.studio` } : null,
      };
      const account = { id, name, username: name };
      state.access.set(token, {
        account,
        scope: 'page',
        expiresAt: Number.POSITIVE_INFINITY,
        revoked: false,
      });
      pages.set(id, page);
      return page;
    });

  const usage = usageCounter();
  const tokenOf = (req: IncomingMessage, params: URLSearchParams) =>
    /^(?:Bearer|OAuth) (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? params.get('access_token') ?? '';
  const who = (req: IncomingMessage, params: URLSearchParams): Account | null => {
    const token = state.access.get(tokenOf(req, params));
    return token && !token.revoked && token.expiresAt > Date.now() ? token.account : null;
  };
  /** A fault on a publishing call, answered as Graph does (throttling is a 400 with a BUC code). */
  const faulted = (res: ServerResponse, on: 'facebook' | 'instagram', id: string) =>
    graphFault(res, state.takeFault(on), on, usage(on === 'facebook' ? 'pages' : 'instagram', id, true));
  const postUrl = (p: { id: string; network?: string }) =>
    p.network === 'instagram' ? `${origin}/p/${p.id}/` : `${origin}/${p.id}`;

  const server = await serve(port, state, async (req, res, url) => {
    const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    if (path === '/dialog/oauth' && req.method === 'GET') {
      if (!url.searchParams.get('client_id') || !url.searchParams.get('redirect_uri')) {
        graphError(res, 400, { message: 'Invalid App ID', code: 101 });
        return true;
      }
      approvalPage(res, 'Facebook', url.searchParams, url.pathname);
      return true;
    }
    if (path === '/dialog/oauth' && req.method === 'POST') {
      await approve(req, res, state);
      return true;
    }
    const params = await paramsOf(req, url);
    if (path === '/oauth/access_token') {
      if (!params.get('client_id') || !params.get('client_secret')) {
        graphError(res, 400, { message: 'Missing client_id or client_secret parameter.', code: 101 });
        return true;
      }
      if (params.get('grant_type') === 'fb_exchange_token') {
        const short = state.access.get(params.get('fb_exchange_token') ?? '');
        if (!short || short.revoked || short.expiresAt <= Date.now()) return badToken(res);
        const { access_token } = state.issue(short.account, short.scope);
        const long = state.access.get(access_token);
        if (long) long.expiresAt = Date.now() + 5_184_000_000;
        send(res, 200, { access_token, token_type: 'bearer', expires_in: 5_184_000 });
        return true;
      }
      const grant = redeem(state, params);
      if (!grant) {
        graphError(res, 400, {
          message: 'This authorization code has been used.',
          code: 100,
          error_subcode: 36009,
        });
        return true;
      }
      const { access_token } = state.issue(grant.account, grant.scope);
      send(res, 200, { access_token, token_type: 'bearer', expires_in: 3600 });
      return true;
    }
    const page = /^\/(\d+_\d+)$/.exec(url.pathname);
    if (page && req.method === 'GET' && !params.get('fields')) {
      postPage(
        res,
        'Facebook',
        state.posts.find((p) => p.id === page[1] && p.network === 'facebook'),
      );
      return true;
    }
    const igPage = /^\/p\/([A-Za-z0-9_-]+)\/?$/.exec(url.pathname);
    if (igPage && req.method === 'GET') {
      postPage(
        res,
        'Instagram',
        state.posts.find((p) => p.id === igPage[1] && p.network === 'instagram'),
      );
      return true;
    }
    const account = who(req, params);
    if (!account) return badToken(res);
    if (path === '/me' && req.method === 'GET') {
      send(res, 200, { id: account.id, name: account.name }, usage('user', account.id));
      return true;
    }
    if (path === '/me/accounts' && req.method === 'GET') {
      const data = pagesOf(account).map((p) => ({
        id: p.id,
        name: p.name,
        access_token: p.token,
        category: 'Brand',
        tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MODERATE', 'MANAGE'],
        ...(p.ig ? { instagram_business_account: { id: p.ig.id, username: p.ig.username } } : {}),
      }));
      send(
        res,
        200,
        { data, paging: { cursors: { before: 'MAZDZD', after: 'MQZDZD' } } },
        usage('user', account.id),
      );
      return true;
    }
    const edge = /^\/(\d+)\/(feed|photos|media|media_publish|published_posts)$/.exec(path);
    const owner = edge?.[1] ?? '';
    const ownPage = pages.get(account.id);
    const isPage = owner === account.id;
    const isIg = Boolean(ownPage?.ig && ownPage.ig.id === owner);
    if (edge && !isPage && !isIg) {
      graphError(res, 403, {
        message: "(#200) The user hasn't authorized the application to perform this action",
        code: 200,
      });
      return true;
    }
    if (edge && isPage && (edge[2] === 'feed' || edge[2] === 'published_posts') && req.method === 'GET') {
      const data = state.posts
        .filter((p) => p.network === 'facebook' && p.author === owner)
        .reverse()
        .slice(0, Math.min(100, Number(params.get('limit') ?? 25)))
        .map((p) => ({
          id: p.id,
          message: p.text,
          created_time: new Date(p.createdAt).toISOString().replace(/\.\d+Z$/, '+0000'),
        }));
      send(res, 200, { data }, usage('pages', owner));
      return true;
    }
    if (edge && isPage && (edge[2] === 'feed' || edge[2] === 'photos') && req.method === 'POST') {
      const photo = edge[2] === 'photos';
      const message = params.get(photo ? 'caption' : 'message') ?? params.get('message') ?? '';
      const image = params.get('url') ?? undefined;
      if ((photo && !image) || (!photo && !message.trim())) {
        graphError(res, 400, {
          message: `(#100) ${photo ? 'No photo was uploaded' : 'The parameter message is required'}`,
          code: 100,
        });
        return true;
      }
      const fault = faulted(res, 'facebook', owner);
      if (fault === true) return true;
      const last = state.posts.findLast((p) => p.network === 'facebook' && p.author === owner);
      if (!photo && last && last.text === message) {
        const locale = params.get('locale') ?? 'en_US';
        graphError(res, 400, {
          message: '(#506) Duplicate status message',
          code: 506,
          error_user_msg: DUPLICATE[locale] ?? DUPLICATE.en_US,
        });
        return true;
      }
      const postId = `${owner}_${state.newId()}`;
      state.posts.push({
        id: postId,
        author: owner,
        text: message,
        createdAt: Date.now(),
        network: 'facebook',
        image,
      });
      if (fault === 'timeout') {
        res.destroy();
        return true;
      }
      send(res, 200, photo ? { id: state.newId(), post_id: postId } : { id: postId }, usage('pages', owner));
      return true;
    }
    if (edge && isIg && edge[2] === 'media' && req.method === 'POST') {
      const image = params.get('image_url') ?? '';
      if (!/^https?:\/\/\S+$/.test(image)) {
        graphError(res, 400, {
          message: 'The parameter image_url is required.',
          code: 100,
          error_subcode: 2207052,
          error_user_msg: 'Media could not be fetched from this URI.',
        });
        return true;
      }
      const id = state.newId();
      containers.set(id, { id, ig: owner, caption: params.get('caption') ?? '', image, status: 'FINISHED' });
      send(res, 200, { id }, usage('instagram', owner));
      return true;
    }
    if (edge && isIg && edge[2] === 'media_publish' && req.method === 'POST') {
      const container = containers.get(params.get('creation_id') ?? '');
      if (!container || container.ig !== owner || container.status !== 'FINISHED') {
        graphError(res, 400, { message: 'Media ID is not available', code: 9007, error_subcode: 2207027 });
        return true;
      }
      const fault = faulted(res, 'instagram', owner);
      if (fault === true) return true;
      container.status = 'PUBLISHED';
      const id = state.newId();
      state.posts.push({
        id,
        author: owner,
        text: container.caption,
        createdAt: Date.now(),
        network: 'instagram',
        image: container.image,
      });
      if (fault === 'timeout') {
        res.destroy();
        return true;
      }
      send(res, 200, { id }, usage('instagram', owner));
      return true;
    }
    if (edge && isIg && edge[2] === 'media' && req.method === 'GET') {
      const data = state.posts
        .filter((p) => p.network === 'instagram' && p.author === owner)
        .reverse()
        .slice(0, Math.min(100, Number(params.get('limit') ?? 25)))
        .map((p) => ({
          id: p.id,
          caption: p.text,
          permalink: postUrl(p),
          timestamp: new Date(p.createdAt).toISOString().replace(/\.\d+Z$/, '+0000'),
        }));
      send(res, 200, { data }, usage('instagram', owner));
      return true;
    }
    const node = /^\/(\d+)$/.exec(path);
    if (node && req.method === 'GET') {
      const container = containers.get(node[1] ?? '');
      const media = state.posts.find((p) => p.id === node[1] && p.network === 'instagram');
      if (container) send(res, 200, { status_code: container.status, id: container.id });
      else if (media) send(res, 200, { id: media.id, permalink: postUrl(media), caption: media.text });
      else
        graphError(res, 400, {
          message: `Unsupported get request. Object with ID '${node[1]}' does not exist`,
          type: 'GraphMethodException',
          code: 100,
          error_subcode: 33,
        });
      return true;
    }
    return false;
  });
  return { url: origin, state, server };
}
