import { Agent, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { CORS_HEADERS, readBody, sendJson } from './http-util.ts';

/** Deeper than any of our rows needs; PostgreSQL's own limit is a stack overflow (HTTP 500). */
const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays/objects in a JSON text, stopping once it passes `limit`. */
export function jsonDepth(bytes: Buffer, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Forwards /rest/v1 to PostgREST. Write bodies are read first so that JSON nested deeper than
 * MAX_JSON_DEPTH is a 400 in PostgREST's shape instead of a stack overflow in PostgreSQL; when
 * PostgREST is unreachable the answer is a 503 that says so.
 */
export function createRestProxy(postgrestUrl: string) {
  const upstream = new URL(postgrestUrl);
  // Warm connections to PostgREST, most recently used first (a hot socket, no new TCP handshake
  // per request; Node's agent sets TCP_NODELAY on them).
  const agent = new Agent({ keepAlive: true, scheduling: 'lifo', maxFreeSockets: 64 });
  return async function proxyRest(req: IncomingMessage, res: ServerResponse, path: string) {
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: upstream.host };
    // Hop-by-hop headers are the client's business with us, not ours with PostgREST: a client's
    // `Connection: close` must not close the warm upstream connection.
    for (const hop of ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']) {
      delete headers[hop];
    }
    // supabase-js always sends Authorization; plain fetches with only `apikey` work as on Supabase.
    const apikey = req.headers['apikey'];
    if (!headers.authorization && typeof apikey === 'string') headers.authorization = `Bearer ${apikey}`;
    let body: Buffer | null = null;
    if (req.method === 'POST' || req.method === 'PATCH' || req.method === 'PUT') {
      body = await readBody(req, 50 * 1024 * 1024);
      if (jsonDepth(body) > MAX_JSON_DEPTH) {
        return sendJson(res, 400, {
          code: 'PGRST102',
          message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
          details: null,
          hint: null,
        });
      }
      headers['content-length'] = String(body.length);
      delete headers['transfer-encoding'];
    }
    const proxied = request(
      { hostname: upstream.hostname, port: upstream.port, method: req.method, path, headers, agent },
      (upstreamRes) => {
        const out: Record<string, string | string[]> = {};
        for (const [key, value] of Object.entries(upstreamRes.headers)) {
          if (value !== undefined && !key.startsWith('access-control-')) out[key] = value;
        }
        if (upstreamRes.statusCode !== 400) {
          res.writeHead(upstreamRes.statusCode ?? 502, { ...out, ...CORS_HEADERS });
          upstreamRes.pipe(res);
          return;
        }
        // PostgREST answers a query whose connection died with PostgreSQL (killed, restarting) as
        // a 400 with an empty code and message: that is the database being gone, not a bad request.
        const chunks: Buffer[] = [];
        upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk));
        upstreamRes.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (/^\{"code":"","details":null,"hint":null,"message":""\}$/.test(text)) {
            return sendJson(res, 503, {
              code: 'PGRST001',
              message: 'The database connection was lost (PostgreSQL restarting?). Retry in a moment.',
              details: null,
              hint: null,
            });
          }
          res.writeHead(400, { ...out, ...CORS_HEADERS });
          res.end(text);
        });
      },
    );
    proxied.on('error', (error) => {
      if (!res.headersSent) {
        sendJson(res, 503, {
          code: 'PGRST000',
          message: `The database API (PostgREST) is unreachable: ${error.message}. Retry in a moment.`,
          details: null,
          hint: null,
        });
      } else res.destroy();
    });
    if (body) proxied.end(body);
    else req.pipe(proxied);
  };
}
