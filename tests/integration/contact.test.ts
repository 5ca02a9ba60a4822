import { describe, expect, it } from 'vitest';
import { toErrorCode } from '../../src/lib/supabase/errors.ts';
import { newClient } from './helpers.ts';

describe('contact messages', () => {
  it('anyone may send, but one address at most 5 times an hour (rate_limit)', async () => {
    const db = newClient();
    const email = `rl-${crypto.randomUUID().slice(0, 12)}@example.org`;
    const send = () =>
      db
        .from('contact_messages')
        .insert({ first_name: 'Rita', last_name: 'Limit', email, subject: 'Hello', message: 'Question' });
    for (let i = 0; i < 5; i++) expect((await send()).error).toBeNull();
    const { error, status } = await send();
    expect(status).toBe(429);
    expect(toErrorCode(error)).toBe('rate_limit');
  });

  it('rejects blank fields', async () => {
    const { error } = await newClient()
      .from('contact_messages')
      .insert({ first_name: ' ', last_name: 'X', email: 'x@example.org', subject: 'S', message: 'M' });
    expect(error?.code).toBe('23514');
  });
});
