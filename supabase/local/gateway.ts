import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type pg from 'pg';
import { createAuthHandler } from './auth.ts';
import { CORS_HEADERS, HttpError, sendJson, trackResponse } from './http-util.ts';
import { kongKeyAuth } from './key-auth.ts';
import { listMail } from './mail.ts';
import type { Realtime } from './realtime.ts';
import { createRestProxy } from './rest-proxy.ts';
import { createStorageHandler } from './storage.ts';

/**
 * The local stand-in for Supabase's API gateway. It routes and verifies tokens; every access
 * decision is made by the database (PostgREST, or queries run as the caller's role).
 */
export type GatewayOptions = {
  port: number;
  postgrestUrl: string;
  pool: pg.Pool;
  dataDir: string;
  publicUrl: string;
  confirmEmails: boolean;
  realtime: Realtime;
};

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** A connection error or a shutdown/crash-recovery state of PostgreSQL, not a bad request. */
function databaseDown(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    (code !== undefined && DB_DOWN_CODES.has(code)) ||
    /Connection terminated|connect ECONNREFUSED|the database system is (starting up|shutting down|in recovery mode)/.test(
      message ?? '',
    )
  );
}

export async function startGateway(
  options: GatewayOptions,
): Promise<{ server: Server; stop: () => Promise<void> }> {
  const handleAuth = createAuthHandler(options);
  const handleStorage = createStorageHandler(options);
  const proxyRest = createRestProxy(options.postgrestUrl);

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    if (req.method === 'OPTIONS') {
      // Echo what the browser asks for: supabase-js adds client-info headers between versions.
      const asked = req.headers['access-control-request-headers'];
      res.writeHead(204, { ...CORS_HEADERS, ...(asked ? { 'access-control-allow-headers': asked } : {}) });
      return res.end();
    }
    const refused = kongKeyAuth(req, url, path);
    if (refused) return sendJson(res, 401, refused);
    if (path.startsWith('/rest/v1/') || path === '/rest/v1') {
      return proxyRest(req, res, (req.url ?? '/').slice('/rest/v1'.length) || '/');
    }
    if (path.startsWith('/auth/v1/')) return handleAuth(req, res, path.slice('/auth/v1'.length), url);
    if (path.startsWith('/storage/v1/'))
      return handleStorage(req, res, path.slice('/storage/v1'.length), url);
    if (path.startsWith('/realtime/v1/api/'))
      return options.realtime.handleHttp(req, res, path.slice('/realtime/v1'.length), url);
    if (path === '/_local/mail') return sendJson(res, 200, await listMail(options.dataDir));
    if (path === '/' || path === '/health')
      return sendJson(res, 200, { status: 'ok', service: 'local supabase stack' });
    return sendJson(res, 404, { message: `No route for ${path}` });
  }

  const server = createServer((req, res) => {
    trackResponse(req, res);
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      if (databaseDown(error)) {
        // PostgreSQL is gone (killed, restarting): a clear 503 in every service's shape.
        const message = 'The database is unavailable (restarting?). Retry in a moment.';
        return sendJson(res, 503, {
          code: 503,
          error_code: 'database_unavailable',
          msg: message,
          statusCode: '503',
          error: 'DatabaseUnavailable',
          message,
        });
      }
      console.error('[local gateway]', req.method, req.url, error);
      sendJson(res, 500, { code: 500, error_code: 'unexpected_failure', msg: (error as Error).message });
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const refused = kongKeyAuth(req, url, url.pathname);
    if (refused) {
      const body = JSON.stringify(refused);
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    if (url.pathname.startsWith('/realtime/v1/websocket')) options.realtime.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
