import { describe, expect, it } from 'vitest';
import { drainOutbox, type MailTemplates, type OutboxStore } from './outbox.ts';
import type { OutgoingMail } from './send.ts';

type Row = Awaited<ReturnType<OutboxStore['claim']>>[number];
const row = (payload: Record<string, unknown>, kind = 'k'): Row => ({
  id: 'r1',
  idempotency_key: 'newsletter-confirm.abc',
  to: 'ann@example.org',
  locale: 'en',
  kind,
  payload,
  attempts: 1,
});

/** A store that hands out `rows` once and records what the worker reports back. */
function fakeStore(rows: Row[]) {
  const calls = { sent: [] as string[][], retried: [] as string[] };
  let given = false;
  const store: OutboxStore = {
    claim: async () => {
      if (given) return [];
      given = true;
      return rows;
    },
    sent: async (id, messageId) => void calls.sent.push([id, messageId]),
    retry: async (id) => {
      calls.retried.push(id);
      return 'retry';
    },
  };
  return { store, calls };
}
const templates: MailTemplates = {
  k: (_row, { origin }) => ({ subject: 'S', html: `<a href="${origin}/x">x</a>`, text: `${origin}/x` }),
};
const drain = (
  rows: Row[],
  env: Record<string, string>,
  send: (m: OutgoingMail) => Promise<{ messageId: string }>,
) => {
  const { store, calls } = fakeStore(rows);
  return drainOutbox({
    store,
    templates,
    worker: 'w',
    supabaseUrl: 'http://127.0.0.1:1',
    env,
    send,
    log: { error: () => undefined, info: () => undefined },
  }).then((result) => ({ result, calls }));
};

describe('drainOutbox', () => {
  it("sends with the idempotency key as Message-ID on the sender's domain and marks it sent", async () => {
    const mails: OutgoingMail[] = [];
    const { result, calls } = await drain(
      [row({ origin: 'https://shop.example' })],
      { MAIL_FROM: 'Shop <hi@mail.example>' },
      async (m) => {
        mails.push(m);
        return { messageId: m.messageId ?? '' };
      },
    );
    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(mails[0]).toMatchObject({
      to: 'ann@example.org',
      messageId: '<newsletter-confirm.abc@mail.example>',
    });
    expect(calls.sent).toEqual([['r1', '<newsletter-confirm.abc@mail.example>']]);
  });

  it("links use the worker's SITE_URL, never an origin a row carries, when it has one", async () => {
    const mails: OutgoingMail[] = [];
    await drain(
      [row({ origin: 'https://evil.example' })],
      { SITE_URL: 'https://shop.example/any/path' },
      async (m) => {
        mails.push(m);
        return { messageId: 'x' };
      },
    );
    expect(mails[0]?.text).toBe('https://shop.example/x');
    expect(mails[0]?.html).not.toContain('evil');
  });

  it('a refused send, an unknown kind or a row without an origin is retried later, not lost', async () => {
    const refused = await drain([row({ origin: 'https://shop.example' })], {}, async () => {
      throw new Error('421 try later');
    });
    expect(refused.result).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(refused.calls.sent).toEqual([]);
    const send = async () => ({ messageId: 'x' });
    expect((await drain([row({})], {}, send)).calls.retried).toEqual(['r1']);
    expect(
      (await drain([row({ origin: 'https://shop.example' }, 'unknown')], {}, send)).calls.retried,
    ).toEqual(['r1']);
  });
});
