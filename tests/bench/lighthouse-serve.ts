/**
 * What both Lighthouse benches share: the node build served compressed and over HTTP/2 as a host
 * serves it, and Debian Chromium launched headless for Lighthouse.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import forge from 'node-forge';

/** Hop-by-hop headers: HTTP/2 forbids them in an answer (RFC 9113, 8.2.2). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

/** `headers` without the hop-by-hop ones and HTTP/2's pseudo-headers (`:path`, ...). */
function endToEnd<V>(headers: Record<string, V>): Record<string, V> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.includes(name)),
  );
}

/**
 * A self-signed certificate for 127.0.0.1, made for this run (browsers speak HTTP/2 only over TLS;
 * the bench's Chromium is told to accept it: `launchChrome`).
 */
function localCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const subject = [{ name: 'commonName', value: '127.0.0.1' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  cert.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}

/**
 * An HTTP/2 server with TLS (a certificate of its own) that also answers HTTP/1.1 (a WebSocket
 * upgrade comes that way); its compatibility API answers through the same calls as node:http's.
 */
function http2Server(handle: (req: IncomingMessage, res: ServerResponse) => unknown) {
  return createSecureServer({ ...localCertificate(), allowHTTP1: true }, handle as never);
}

/**
 * Serves `target` on `port` with text answers compressed as a host does: Brotli where the browser
 * accepts it (Netlify's CDN does that for Chrome), else gzip; gzip only when `brotli` is false.
 * Each distinct body is compressed once and the result kept, as a CDN keeps it: Brotli at quality
 * 11 takes 0.1-3 s per file on a loaded machine, and Lighthouse's simulation takes the observed
 * server response time as the server's, so compressing on every request made the figures measure
 * the machine's load (a /community TTFB of 200-900 ms in the same minute).
 *
 * Over HTTP/2 with TLS unless `http1` (Netlify's CDN answers browsers over HTTP/2 and 3): Lighthouse
 * simulates a phone from the requests it saw, and over HTTP/1.1 a page's 30 module files wait for
 * six connections, one round trip (150 ms simulated) each time; over HTTP/2 they share one. Served
 * as HTTP/1.1, the signed-in pages' simulated LCP was ~1 s later than the same requests over
 * HTTP/2 (the TA dashboard's 3.3 s against 1.9 s, re-simulated from one trace).
 */
function startCompressingProxy(port: number, target: string, brotli: boolean, http1: boolean) {
  const compressed = new Map<string, Buffer>();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const upstream = await fetch(new URL(req.url ?? '/', target), {
        method: req.method ?? 'GET',
        headers: { accept: String(req.headers.accept ?? '*/*') },
        redirect: 'manual',
      });
      const headers = endToEnd(Object.fromEntries(upstream.headers));
      delete headers['content-length'];
      delete headers['content-encoding'];
      const body = Buffer.from(await upstream.arrayBuffer());
      const type = upstream.headers.get('content-type') ?? '';
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const encoding = brotli && /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : '';
      if (encoding && /text|javascript|json|xml|svg/.test(type) && body.length > 1024) {
        const key = `${encoding}:${createHash('sha256').update(body).digest('hex')}`;
        const zipped =
          compressed.get(key) ??
          (encoding === 'br'
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
            : gzipSync(body));
        compressed.set(key, zipped);
        res.writeHead(upstream.status, {
          ...headers,
          'content-encoding': encoding,
          'content-length': zipped.length,
        });
        res.end(zipped);
      } else {
        res.writeHead(upstream.status, { ...headers, 'content-length': body.length });
        res.end(body);
      }
    } catch {
      res.writeHead(502).end();
    }
  };
  const proxy = http1 ? createServer(handle) : http2Server(handle);
  proxy.listen(port, '127.0.0.1');
  return proxy;
}

/**
 * The local stack behind HTTP/2 with TLS, as hosted Supabase answers browsers: every request passed
 * through unchanged (bodies and encodings as they are), WebSocket upgrades (Realtime; a browser
 * opens those over HTTP/1.1) spliced through to the stack's socket. Lighthouse sees the early reads
 * share one connection instead of opening one each.
 */
export function startHttp2Proxy(port: number, target: string): { url: string; stop: () => void } {
  const upstream = new URL(target);
  const proxy = http2Server((req: IncomingMessage, res: ServerResponse) => {
    const headers = endToEnd(req.headers);
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(
          answer.statusCode ?? 502,
          endToEnd(answer.headers) as Record<string, string | string[]>,
        );
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  proxy.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const up = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      socket.pipe(up).pipe(socket);
    });
    const close = () => {
      up.destroy();
      socket.destroy();
    };
    up.on('error', close);
    socket.on('error', close);
  });
  proxy.listen(port, '127.0.0.1');
  return { url: `https://127.0.0.1:${port}`, stop: () => proxy.close() };
}

/**
 * GET through the bench's own server (its certificate is its own): the status and the decoded text.
 */
export function benchGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ok: boolean; text: string }> {
  if (!url.startsWith('https:'))
    return fetch(url, { headers }).then(async (r) => ({ ok: r.ok, text: await r.text() }));
  return new Promise((done, fail) => {
    const req = httpsRequest(url, { headers, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const text = (
          encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
        ).toString();
        done({ ok: (res.statusCode ?? 500) < 400, text });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

export type Served = { base: string; stop: () => void };
type ServeOptions = {
  /** Serve this node build instead of building. */
  dist?: string | undefined;
  /** Where to build when `dist` is not given. */
  buildDir: string;
  port: number;
  brotli: boolean;
  /** Serve over HTTP/1.1 without TLS instead of HTTP/2 (to compare). */
  http1?: boolean | undefined;
  /** Extra environment for the build and the server (e.g. PUBLIC_SUPABASE_URL). */
  env?: Record<string, string>;
};

/** Builds the node build (unless `dist` is given), starts it on port+1 and its proxy on port. */
export async function buildAndServe(options: ServeOptions): Promise<Served> {
  const env = { ...process.env, ADAPTER: 'node', ...options.env };
  let dist = options.dist ? resolve(options.dist) : undefined;
  if (!dist) {
    dist = resolve(options.buildDir);
    console.info(`Building into ${dist}…`);
    const build = spawnSync(
      process.execPath,
      [resolve('node_modules/.bin/astro'), 'build', '--outDir', dist],
      { stdio: ['ignore', 'ignore', 'inherit'], env },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const entry = join(dist, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`${entry} not found: build with ADAPTER=node first`);
  const innerPort = String(options.port + 1);
  const server: ChildProcess = spawn(process.execPath, [entry], {
    stdio: 'ignore',
    // The server answers only its own host (src/lib/site.ts): the proxy asks it as 127.0.0.1:port+1.
    env: { ...env, HOST: '127.0.0.1', PORT: innerPort, SITE_URL: `http://127.0.0.1:${innerPort}` },
  });
  const http1 = Boolean(options.http1);
  const proxy = startCompressingProxy(options.port, `http://127.0.0.1:${innerPort}`, options.brotli, http1);
  const base = `${http1 ? 'http' : 'https'}://127.0.0.1:${options.port}`;
  const stop = () => {
    server.kill();
    proxy.close();
  };
  for (let i = 0; ; i++) {
    try {
      if ((await benchGet(base)).ok) break;
    } catch {}
    if (i > 600) {
      stop();
      throw new Error('The server did not start.');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop };
}

/**
 * Debian Chromium, headless, without background traffic that would disturb the figures, accepting
 * the bench server's own certificate.
 */
export function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--ignore-certificate-errors',
    ],
  });
}

/** The median of the figures (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Prints rows as an aligned table, columns in the first row's order. */
export function printTable(rows: Record<string, string | number>[]): void {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.info(line(columns));
  for (const row of rows) console.info(line(columns.map((c) => String(row[c]))));
}
