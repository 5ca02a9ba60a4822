import { describe, expect, it, vi } from 'vitest';
import { isKick, KICK_HEADER, mailKick, waitUntilOf } from './kick.ts';

const env = { MAIL_KICK_SECRET: 'kick-secret', URL: 'https://site.example/' };

describe('the mail kick after an enqueue', () => {
  it('POSTs the secret to the background function, handed to waitUntil', async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 202 }));
    const waited: Promise<unknown>[] = [];
    mailKick({ env, fetchImpl, waitUntil: (p) => waited.push(p) })();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://site.example/.netlify/functions/mail-outbox-background');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)[KICK_HEADER]).toBe('kick-secret');
    expect(waited).toHaveLength(1);
    await expect(waited[0]).resolves.toBeUndefined();
  });

  it('returns at once: the request never waits for the kick', () => {
    let resolved = false;
    const fetchImpl = vi.fn(() => new Promise<Response>(() => undefined));
    const waitUntil = vi.fn();
    const result = mailKick({ env, fetchImpl, waitUntil })();
    resolved = true;
    expect(result).toBeUndefined();
    expect(resolved).toBe(true);
    expect(waitUntil).toHaveBeenCalledTimes(1);
  });

  it('ignores every failure: a rejected or throwing fetch, a throwing waitUntil, no waitUntil', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const waited: Promise<unknown>[] = [];
      mailKick({
        env,
        fetchImpl: async () => Promise.reject(new Error('down')),
        waitUntil: (p) => waited.push(p),
      })();
      await expect(waited[0]).resolves.toBeUndefined();
      expect(() =>
        mailKick({
          env,
          fetchImpl: () => {
            throw new Error('sync');
          },
        })(),
      ).not.toThrow();
      expect(() =>
        mailKick({
          env,
          fetchImpl: async () => Promise.reject(new Error('down')),
          waitUntil: () => {
            throw new Error('refused');
          },
        })(),
      ).not.toThrow();
      mailKick({ env, fetchImpl: async () => Promise.reject(new Error('down')) })();
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is a no-op without MAIL_KICK_SECRET or a site URL (locally the timer listens)', () => {
    const fetchImpl = vi.fn(async () => new Response(null));
    mailKick({ env: { URL: 'https://site.example' }, fetchImpl })();
    mailKick({ env: { MAIL_KICK_SECRET: 's' }, fetchImpl })();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("finds Netlify's waitUntil in Astro's locals, bound to its context", () => {
    const context = {
      seen: [] as unknown[],
      waitUntil(this: { seen: unknown[] }, p: unknown) {
        this.seen.push(p);
      },
    };
    const waitUntil = waitUntilOf({ netlify: { context } });
    const p = Promise.resolve();
    waitUntil?.(p);
    expect(context.seen).toEqual([p]);
    expect(waitUntilOf({})).toBeUndefined();
    expect(waitUntilOf(undefined)).toBeUndefined();
  });

  it('the background function runs only for a POST with the secret', () => {
    const req = (headers: Record<string, string>, method = 'POST') =>
      new Request('https://site.example/.netlify/functions/mail-outbox-background', { method, headers });
    expect(isKick(req({ [KICK_HEADER]: 'kick-secret' }), env)).toBe(true);
    expect(isKick(req({ [KICK_HEADER]: 'kick-secreT' }), env)).toBe(false);
    expect(isKick(req({}), env)).toBe(false);
    expect(isKick(req({ [KICK_HEADER]: 'kick-secret' }, 'GET'), env)).toBe(false);
    expect(isKick(req({ [KICK_HEADER]: '' }), {})).toBe(false);
  });
});
