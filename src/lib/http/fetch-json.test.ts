import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchJson } from './fetch-json.ts';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/ok') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
    if (req.url === '/err')
      return res
        .writeHead(422, { 'content-type': 'application/json' })
        .end('{"error":{"code":"invalid_input"}}');
    if (req.url === '/html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>no</p>');
    if (req.url === '/echo') {
      let text = '';
      req.on('data', (c) => (text += c));
      return req.on('end', () => res.writeHead(200).end(JSON.stringify({ method: req.method, text })));
    }
    // /slow never answers
    return undefined;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('fetchJson', () => {
  it('gives the parsed body of a 2xx', async () => {
    expect(await fetchJson(`${base}/ok`)).toEqual({ ok: true, status: 200, data: { a: 1 } });
  });
  it("gives the endpoint's error code of a 4xx", async () => {
    expect(await fetchJson(`${base}/err`)).toEqual({ ok: false, status: 422, code: 'invalid_input' });
  });
  it('turns a body that is not JSON into bad_response', async () => {
    expect(await fetchJson(`${base}/html`)).toEqual({ ok: false, status: 200, code: 'bad_response' });
  });
  it('posts a JSON body', async () => {
    const answer = await fetchJson<{ method: string; text: string }>(`${base}/echo`, { body: { q: 'x' } });
    expect(answer).toEqual({ ok: true, status: 200, data: { method: 'POST', text: '{"q":"x"}' } });
  });
  it('gives timeout when the server does not answer in time', async () => {
    expect(await fetchJson(`${base}/slow`, { timeoutMs: 50 })).toEqual({
      ok: false,
      status: 0,
      code: 'timeout',
    });
  });
  it('gives aborted when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = fetchJson(`${base}/slow`, { signal: controller.signal, timeoutMs: 5000 });
    controller.abort();
    expect(await pending).toEqual({ ok: false, status: 0, code: 'aborted' });
  });
  it('gives network when nothing listens', async () => {
    expect(await fetchJson('http://127.0.0.1:9/x', { timeoutMs: 2000 })).toMatchObject({
      ok: false,
      code: 'network',
    });
  });
});
