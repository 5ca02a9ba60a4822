import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { locales } from '../../i18n/locales.ts';
import { clearStorefrontCache } from './cache.ts';
import { BLOG_HANDLES, getArticle, getBlog, getLatestArticles, getShopPolicies } from './content.ts';

// These run against the local catalog (no store configured in unit tests).
afterEach(() => {
  clearStorefrontCache();
  vi.restoreAllMocks();
  vi.doUnmock('./client.ts');
});

describe('local catalog content', () => {
  it('has both blogs with at least six articles in every language, with pictures on disk', async () => {
    for (const lang of locales) {
      for (const handle of BLOG_HANDLES) {
        const blog = await getBlog(handle, lang);
        expect(blog?.articles.length, `${handle} ${lang}`).toBeGreaterThanOrEqual(6);
        for (const a of blog?.articles ?? []) {
          expect(a.title && a.content && a.author?.name && a.tags.length, `${a.handle} ${lang}`).toBeTruthy();
          expect(existsSync(`.${a.image?.url}`), a.image?.url).toBe(true);
        }
      }
    }
  });

  it('answers the language asked for', async () => {
    const [nl, en, de] = await Promise.all(
      locales.map((l) => getArticle('ego-to-eden', 'angst-als-leraar', l)),
    );
    expect([nl?.article.title, en?.article.title, de?.article.title]).toEqual([
      'Angst als leraar',
      'Fear as a teacher',
      'Angst als Lehrerin',
    ]);
  });

  it('lists the six newest articles across both blogs, newest first', async () => {
    const latest = await getLatestArticles('en');
    expect(latest).toHaveLength(6);
    expect(new Set(latest.map((a) => a.blogHandle)).size).toBe(2);
    const times = latest.map((a) => Date.parse(a.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers null for an unknown blog or article', async () => {
    expect(await getBlog('no-such-blog', 'nl')).toBeNull();
    expect(await getArticle('ego-to-eden', 'no-such-article', 'nl')).toBeNull();
    expect(await getArticle('no-such-blog', 'angst-als-leraar', 'nl')).toBeNull();
  });

  it('sanitizes article bodies when fetching them', async () => {
    const found = await getArticle('ego-to-eden', 'de-stem-in-je-hoofd', 'nl');
    expect(found?.article.contentHtml).toContain('<blockquote>');
    expect(found?.article.contentHtml).not.toMatch(/<script|onclick|javascript:/i);
  });

  it('has the four policies in every language, sanitized', async () => {
    for (const lang of locales) {
      const policies = await getShopPolicies(lang);
      for (const [kind, policy] of Object.entries(policies)) {
        expect(policy?.title, `${kind} ${lang}`).toBeTruthy();
        expect(policy?.body).toMatch(/<h2>/);
      }
    }
    expect((await getShopPolicies('nl')).refund?.body).toContain('14 dagen');
  });
});

describe('a store without a policy', () => {
  it('gives null, so the page shows the not-found text', async () => {
    vi.doMock('./client.ts', () => ({
      storefrontRequest: async () => ({
        shop: {
          privacyPolicy: { id: '1', handle: 'privacy-policy', title: 'Privacy', body: '<p>x</p>', url: 'u' },
          refundPolicy: null,
          shippingPolicy: { id: '3', handle: 'shipping-policy', title: 'Shipping', body: '  ', url: 'u' },
          termsOfService: null,
        },
      }),
    }));
    vi.resetModules();
    const { getShopPolicies: fresh } = await import('./content.ts');
    const policies = await fresh('en');
    expect(policies.privacy?.title).toBe('Privacy');
    expect(policies.refund).toBeNull();
    expect(policies.shipping).toBeNull();
    expect(policies.terms).toBeNull();
  });
});
