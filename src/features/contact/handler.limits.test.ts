import { describe, expect, it, vi } from 'vitest';
import { type ContactStore, handleContact } from './handler.ts';
import { contactSchema } from './schema.ts';
import { supabaseContactStore } from './store.ts';

/*
 * Both sides of each limit of the contact form, written out (the form's maxlength attributes use
 * the same numbers through contactLimits), and every answer of POST /api/contact and its store.
 */

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Shipping',
  message: 'How long does shipping take?',
};

function post(body: unknown) {
  return new Request('http://localhost/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; fields?: object } }).error;
}
const problems = (input: object) => {
  const result = contactSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('contact form limits', () => {
  it.each([
    ['firstName', 100],
    ['lastName', 100],
    ['subject', 200],
    ['message', 5000],
  ] as const)('%s: %i characters pass, one more is too_long', (field, max) => {
    expect(problems({ ...valid, [field]: 'x'.repeat(max) })).toEqual({});
    expect(problems({ ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: 'too_long' });
  });

  it('measures after trimming: spaces around a full-length name are fine', () => {
    expect(problems({ ...valid, firstName: ` ${'x'.repeat(100)} ` })).toEqual({});
  });

  it('e-mail: 254 characters pass, 255 are too_long', () => {
    const address = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(length - 64 - 1 - 5)}.test`;
    expect(address(254)).toHaveLength(254);
    expect(problems({ ...valid, email: address(254) })).toEqual({});
    expect(problems({ ...valid, email: address(255) })).toEqual({ email: 'too_long' });
  });

  it('requires every field: missing, empty and blank are "required"', () => {
    for (const field of ['firstName', 'lastName', 'email', 'subject', 'message'] as const) {
      const { [field]: _gone, ...rest } = valid;
      expect(problems(rest)[field], `${field} missing`).toBe('required');
      if (field !== 'email') {
        expect(problems({ ...valid, [field]: '' })[field], `${field} empty`).toBe('required');
        expect(problems({ ...valid, [field]: ' \n ' })[field], `${field} blank`).toBe('required');
      }
    }
  });

  it('checks the e-mail address after trimming it', () => {
    expect(contactSchema.parse({ ...valid, email: '  ada@example.com ' }).email).toBe('ada@example.com');
    expect(problems({ ...valid, email: 'ada@' })).toEqual({ email: 'email' });
    expect(problems({ ...valid, email: 'ada example.com' })).toEqual({ email: 'email' });
  });

  it('takes nl, en, de or no language, nothing else', () => {
    for (const language of ['nl', 'en', 'de', undefined])
      expect(problems({ ...valid, language })).toEqual({});
    expect(Object.keys(problems({ ...valid, language: 'fr' }))).toEqual(['language']);
  });

  it('trims every text field', () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, `  ${v}\t`]));
    expect(contactSchema.parse(padded)).toEqual(valid);
  });
});

describe('POST /api/contact answers', () => {
  it('takes a body of 20 000 bytes, refuses 20 001 with 413', async () => {
    const sized = (bytes: number) => {
      const base = JSON.stringify({ ...valid, pad: '' });
      return base.replace('"pad":""', `"pad":"${'x'.repeat(bytes - base.length)}"`);
    };
    expect(sized(20_000)).toHaveLength(20_000);
    const store: ContactStore = async () => ({ ok: true });
    expect((await handleContact(post(sized(20_000)), store)).status).toBe(201);
    const over = await handleContact(post(sized(20_001)), store);
    expect(over.status).toBe(413);
    expect(await errorOf(over)).toEqual({
      code: 'payload_too_large',
      message: 'The body may be at most 20000 bytes.',
    });
  });

  it('answers 201 { ok: true } after storing', async () => {
    const response = await handleContact(post(valid), async () => ({ ok: true }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('answers 503 with the message that it is not available yet when there is no store', async () => {
    const response = await handleContact(post(valid));
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toEqual({
      code: 'not_available',
      message: 'Sending messages is not available yet.',
    });
  });

  it('answers 429 with a message for a rate limit', async () => {
    const response = await handleContact(post(valid), async () => ({ ok: false, code: 'rate_limited' }));
    expect(response.status).toBe(429);
    expect(await errorOf(response)).toEqual({
      code: 'rate_limited',
      message: 'Too many messages in a short time. Try again in a few minutes.',
    });
  });

  it('answers 503 with the store code when storing fails otherwise', async () => {
    const response = await handleContact(post(valid), async () => ({ ok: false, code: 'store_failed' }));
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toEqual({
      code: 'store_failed',
      message: 'The message could not be stored. Please try again.',
    });
  });

  it('never calls the store with invalid input', async () => {
    const store = vi.fn<ContactStore>(async () => ({ ok: true }));
    const response = await handleContact(post({ ...valid, email: 'nope' }), store);
    expect(response.status).toBe(422);
    expect(store).not.toHaveBeenCalled();
  });
});

describe('the Supabase contact store', () => {
  it('inserts one row through PostgREST with the anon key, mapping every field', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const save = supabaseContactStore('http://db.test', 'anon-key', async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(null, { status: 201 });
    });
    expect(await save({ ...valid, language: 'en' })).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('http://db.test/rest/v1/contact_messages');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.headers).toEqual({
      apikey: 'anon-key',
      authorization: 'Bearer anon-key',
      'content-type': 'application/json',
      prefer: 'return=minimal',
    });
    expect(call?.init.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(String(call?.init.body))).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      subject: 'Shipping',
      message: 'How long does shipping take?',
      language: 'en',
    });
  });

  it('stores Dutch when the form sent no language', async () => {
    let body = '';
    const save = supabaseContactStore('http://db.test', 'k', async (_url, init) => {
      body = String(init?.body);
      return new Response(null, { status: 201 });
    });
    await save(valid);
    expect(JSON.parse(body).language).toBe('nl');
  });

  it('maps 429 to rate_limited, any other failure to store_failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answering = (status: number) =>
      supabaseContactStore('http://db.test', 'k', async () => new Response('{"message":"no"}', { status }));
    expect(await answering(429)(valid)).toEqual({ ok: false, code: 'rate_limited' });
    expect(await answering(400)(valid)).toEqual({ ok: false, code: 'store_failed' });
    expect(await answering(500)(valid)).toEqual({ ok: false, code: 'store_failed' });
    expect(await answering(200)(valid)).toEqual({ ok: true });
  });
});
