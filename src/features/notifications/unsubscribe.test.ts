import { describe, expect, it } from 'vitest';
import { handleOneClickUnsubscribe } from './unsubscribe.ts';

const TOKEN = `44444444-4444-4444-8444-444444444444.comments.${'a'.repeat(64)}`;
const post = (token: string) =>
  new Request(`http://localhost/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
const db = (answer: { data?: unknown; error?: { code?: string; message: string } | null } | Error) => {
  const calls: unknown[] = [];
  return {
    calls,
    rpc: async (_fn: 'notification_unsubscribe', args: { token: string }) => {
      calls.push(args);
      if (answer instanceof Error) throw answer;
      return { data: answer.data ?? null, error: answer.error ?? null };
    },
  };
};

describe('one-click unsubscribe of a notification topic', () => {
  it('turns the topic off: 200 with the topic', async () => {
    const fake = db({ data: 'comments' });
    const res = await handleOneClickUnsubscribe(post(TOKEN), fake);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, status: 'unsubscribed', topic: 'comments' });
    expect(fake.calls).toEqual([{ token: TOKEN }]);
  });

  it('refuses a malformed token with a 400 JSON error, without asking the database', async () => {
    for (const token of ['', 'x', TOKEN.replace('comments', 'everything'), `${TOKEN}0`]) {
      const fake = db({ data: 'comments' });
      const res = await handleOneClickUnsubscribe(post(token), fake);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_token' } });
      expect(fake.calls).toHaveLength(0);
    }
  });

  it('answers 404 for a token the database does not know, 503 when it cannot be reached, never 500', async () => {
    const forged = await handleOneClickUnsubscribe(
      post(TOKEN),
      db({ error: { code: '22023', message: 'invalid' } }),
    );
    expect(forged.status).toBe(404);
    const down = await handleOneClickUnsubscribe(post(TOKEN), db(new Error('connection refused')));
    expect(down.status).toBe(503);
    const other = await handleOneClickUnsubscribe(
      post(TOKEN),
      db({ error: { code: '57014', message: 'timeout' } }),
    );
    expect(other.status).toBe(503);
  });
});
