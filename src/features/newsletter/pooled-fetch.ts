import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * A `fetch` for the server's service-role Supabase client (supabase-js `global.fetch`): plain
 * node:http(s) over a few kept-alive connections. Measured in `npm run bench:newsletter` (CPU per
 * sign-up per process): with the global fetch, 200 sign-ups at once opened 200 connections to the
 * API (each one a handshake in this process, the gateway and PostgREST, which has 10 database
 * connections anyway) and paid undici's WHATWG stream machinery per request. Here at most
 * `maxSockets` connections stay open and the others queue in this process, where waiting is free.
 * Enough of fetch for supabase-js: method, headers, a string or bytes body, an abort signal.
 */
export function pooledFetch(maxSockets = 16): typeof fetch {
  const agents = {
    'http:': new HttpAgent({ keepAlive: true, maxSockets, scheduling: 'lifo' }),
    'https:': new HttpsAgent({ keepAlive: true, maxSockets, scheduling: 'lifo' }),
  };
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const secure = url.protocol === 'https:';
      if (!secure && url.protocol !== 'http:') return reject(new TypeError(`unsupported URL ${url.href}`));
      const body = init.body;
      if (body != null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
        return reject(new TypeError('pooledFetch sends string or byte bodies only'));
      }
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, key) => {
        headers[key] = value;
      });
      if (body != null) headers['content-length'] = String(Buffer.byteLength(body));
      const signal = init.signal;
      if (signal?.aborted) return reject(signal.reason);
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        { method: init.method ?? 'GET', headers, agent: agents[secure ? 'https:' : 'http:'] },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 502;
            const out = new Headers();
            for (const [key, value] of Object.entries(res.headers)) {
              if (Array.isArray(value)) for (const v of value) out.append(key, v);
              else if (value !== undefined) out.set(key, value);
            }
            const empty = status === 204 || status === 205 || status === 304 || init.method === 'HEAD';
            resolve(
              new Response(empty ? null : Buffer.concat(chunks), {
                status,
                statusText: res.statusMessage ?? '',
                headers: out,
              }),
            );
          });
        },
      );
      req.on('error', reject);
      signal?.addEventListener('abort', () => req.destroy(signal.reason), { once: true });
      req.end(body ?? undefined);
    });
}
