import { describe, expect, it } from 'vitest';
import { handleContact } from './handler.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Shipping',
  message: 'How long does shipping take?',
};

function post(body: string, type = 'application/json') {
  return new Request('http://localhost/api/contact', {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  });
}

async function errorOf(response: Response) {
  return (
    (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }
  ).error;
}

describe('POST /api/contact', () => {
  it('answers 400 with a message for malformed JSON', async () => {
    const response = await handleContact(post('{"firstName":'));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_json' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await handleContact(post('a=b', 'application/x-www-form-urlencoded'));
    expect(response.status).toBe(415);
  });

  it('answers 422 naming each bad field', async () => {
    const response = await handleContact(
      post(
        JSON.stringify({ ...valid, email: 'nope', firstName: '  ', message: 'x'.repeat(5001), subject: 7 }),
      ),
    );
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid_input');
    expect(error.fields).toMatchObject({ email: 'email', firstName: 'required', message: 'too_long' });
    expect(error.fields?.subject).toBeDefined();
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await handleContact(post(JSON.stringify({ ...valid, message: 'x'.repeat(30_000) })));
    expect(response.status).toBe(413);
  });

  it('says honestly that sending is unavailable when no store is configured', async () => {
    const response = await handleContact(post(JSON.stringify(valid)));
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: 'not_available' });
  });

  it('stores a valid message, trimmed, and answers 201', async () => {
    const stored: unknown[] = [];
    const response = await handleContact(
      post(JSON.stringify({ ...valid, firstName: ' Ada ' })),
      async (input) => {
        stored.push(input);
        return { ok: true };
      },
    );
    expect(response.status).toBe(201);
    expect(stored).toEqual([{ ...valid }]);
  });

  it('answers 429 when the store reports a rate limit', async () => {
    const response = await handleContact(post(JSON.stringify(valid)), async () => ({
      ok: false,
      code: 'rate_limited',
    }));
    expect(response.status).toBe(429);
  });
});

describe('the Supabase contact store', () => {
  const input = { ...valid, language: 'de' as const };

  it('inserts the message as the anon role and maps a 429 to rate_limited', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const { supabaseContactStore } = await import('./store.ts');
    const ok = supabaseContactStore('http://db', 'anon', async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(null, { status: 201 });
    });
    expect(await ok(input)).toEqual({ ok: true });
    expect(calls[0]?.url).toBe('http://db/rest/v1/contact_messages');
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ first_name: 'Ada', language: 'de' });

    const limited = supabaseContactStore(
      'http://db',
      'anon',
      async () => new Response('{}', { status: 429 }),
    );
    expect(await limited(input)).toEqual({ ok: false, code: 'rate_limited' });
  });

  it('reports an unreachable database without throwing', async () => {
    const { supabaseContactStore } = await import('./store.ts');
    const down = supabaseContactStore('http://db', 'anon', async () => {
      throw new TypeError('fetch failed');
    });
    const error = console.error;
    console.error = () => {};
    try {
      expect(await down(input)).toEqual({ ok: false, code: 'backend_unreachable' });
    } finally {
      console.error = error;
    }
  });
});
