import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiError, json, readJsonBody } from './json.ts';

/*
 * The one reader of request bodies for the site's endpoints (ARCHITECTURE.md "Server endpoints"):
 * bad input of any kind is a 4xx with `{ error: { code, message } }`, never a thrown error.
 */

const schema = z.object({ name: z.string().min(1).max(5), age: z.number().int().optional() });

function request(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request('http://localhost/api/x', { method: 'POST', headers, body });
}
async function failure(parsed: Awaited<ReturnType<typeof readJsonBody>>) {
  if (parsed.ok) throw new Error('expected a refusal');
  return {
    status: parsed.response.status,
    body: (await parsed.response.json()) as { error: { code: string; message: string; fields?: object } },
  };
}

describe('json() and apiError()', () => {
  it('answers JSON that is never cached, 200 unless told otherwise', async () => {
    const response = json({ a: 1 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ a: 1 });
    expect(json({}, 201, { 'x-extra': 'y' }).headers.get('x-extra')).toBe('y');
    expect(json({}, 201).status).toBe(201);
  });

  it('shapes errors as { error: { code, message } }, with fields only when given', async () => {
    expect(await apiError(404, 'not_found', 'Gone.').json()).toEqual({
      error: { code: 'not_found', message: 'Gone.' },
    });
    const withFields = apiError(422, 'invalid_input', 'Bad.', { name: 'required' });
    expect(withFields.status).toBe(422);
    expect(await withFields.json()).toEqual({
      error: { code: 'invalid_input', message: 'Bad.', fields: { name: 'required' } },
    });
  });
});

describe('readJsonBody', () => {
  it('reads a valid body', async () => {
    expect(await readJsonBody(request('{"name":"Ada","age":36}'), schema)).toEqual({
      ok: true,
      data: { name: 'Ada', age: 36 },
    });
  });

  it('accepts application/json in any case and with a charset', async () => {
    const parsed = await readJsonBody(
      request('{"name":"Ada"}', { 'content-type': 'Application/JSON; charset=utf-8' }),
      schema,
    );
    expect(parsed.ok).toBe(true);
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('answers 415 for %s', async (_name, headers) => {
    const { status, body } = await failure(await readJsonBody(request('{"name":"Ada"}', headers), schema));
    expect(status).toBe(415);
    expect(body).toEqual({
      error: { code: 'unsupported_media_type', message: 'Send the body as application/json.' },
    });
  });

  it('answers 415 when there is no content type at all', async () => {
    const bare = new Request('http://localhost/api/x', { method: 'POST', body: new Uint8Array([123, 125]) });
    expect(bare.headers.get('content-type')).toBeNull();
    expect((await failure(await readJsonBody(bare, schema))).status).toBe(415);
  });

  it('takes a body of exactly maxBytes, answers 413 for one byte more', async () => {
    const body = (bytes: number) => `{"name":"Ada","pad":"${'x'.repeat(bytes - 23)}"}`;
    expect(body(64)).toHaveLength(64);
    expect((await readJsonBody(request(body(64)), schema, { maxBytes: 64 })).ok).toBe(true);
    const over = await failure(await readJsonBody(request(body(65)), schema, { maxBytes: 64 }));
    expect(over).toEqual({
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'The body may be at most 64 bytes.' } },
    });
  });

  it('counts bytes, not characters', async () => {
    // 30 characters of "é" are 60 bytes in UTF-8: 53 characters, 83 bytes in all.
    const text = `{"name":"Ada","pad":"${'é'.repeat(30)}"}`;
    expect(text.length).toBe(53);
    expect((await failure(await readJsonBody(request(text), schema, { maxBytes: 82 }))).status).toBe(413);
    expect((await readJsonBody(request(text), schema, { maxBytes: 83 })).ok).toBe(true);
  });

  it('refuses a declared length over the limit, whatever the body turns out to be', async () => {
    const declared = (length: string) =>
      request('{"name":"Ada"}', { 'content-type': 'application/json', 'content-length': length });
    expect(await failure(await readJsonBody(declared('101'), schema, { maxBytes: 100 }))).toEqual({
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'The body may be at most 100 bytes.' } },
    });
    expect((await readJsonBody(declared('100'), schema, { maxBytes: 100 })).ok).toBe(true);
  });

  it('uses a limit of 100 000 bytes by default', async () => {
    const body = (bytes: number) => `{"name":"Ada","pad":"${'x'.repeat(bytes - 23)}"}`;
    expect((await readJsonBody(request(body(100_000)), schema)).ok).toBe(true);
    expect((await failure(await readJsonBody(request(body(100_001)), schema))).status).toBe(413);
  });

  it('answers 413 to an endless streamed body (no length declared) without reading it all', async () => {
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 65_536;
        controller.enqueue(new Uint8Array(65_536).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    });
    const streamed = new Request('http://localhost/api/x', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect((await failure(await readJsonBody(streamed, schema, { maxBytes: 1000 }))).status).toBe(413);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(64 * 1024 * 1024);
  });

  it('answers 400 for a body that cannot be read', async () => {
    const broken = new Request('http://localhost/api/x', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.error(new Error('connection reset'));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(await failure(await readJsonBody(broken, schema))).toEqual({
      status: 400,
      body: { error: { code: 'unreadable_body', message: 'The request body could not be read.' } },
    });
  });

  it('answers 400 for malformed JSON', async () => {
    expect(await failure(await readJsonBody(request('{"name":'), schema))).toEqual({
      status: 400,
      body: { error: { code: 'invalid_json', message: 'The body is not valid JSON.' } },
    });
  });

  it('answers 422 naming the first problem of each field, "too_long" for anything too big', async () => {
    const { status, body } = await failure(
      await readJsonBody(request('{"name":"Adalbert","age":1.5}'), schema),
    );
    expect(status).toBe(422);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toBe('Some fields are missing or invalid.');
    expect(body.error.fields).toEqual({ name: 'too_long', age: expect.any(String) });
  });

  it('keeps the first message when a field has several problems', async () => {
    const two = z.object({ code: z.string().regex(/^\d+$/, 'digits').length(4, 'four') });
    const { body } = await failure(await readJsonBody(request('{"code":"abcdef"}'), two));
    expect(body.error.fields).toEqual({ code: 'digits' });
  });

  it('names a problem of the whole body "_"', async () => {
    const { body } = await failure(await readJsonBody(request('[1]'), schema));
    expect(Object.keys(body.error.fields ?? {})).toEqual(['_']);
  });

  it('joins nested paths with dots', async () => {
    const nested = z.object({ lines: z.array(z.object({ q: z.number() })) });
    const { body } = await failure(await readJsonBody(request('{"lines":[{"q":1},{"q":"2"}]}'), nested));
    expect(Object.keys(body.error.fields ?? {})).toEqual(['lines.1.q']);
  });
});
