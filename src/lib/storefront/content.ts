/**
 * Blog, article and shop-policy fetchers: run the content operations through the one storefront
 * client and reshape the answers into plain objects. Merchant HTML is sanitized here, once, at
 * build time, so no component can forget it.
 */
import type { Locale } from '../../i18n/locales.ts';
import type { PolicyKind } from '../../i18n/routes.ts';
import { sanitizeMerchantHtml } from '../html/sanitize.ts';
import { cached } from './cache.ts';
import { storefrontRequest } from './client.ts';
import { ARTICLE_BY_HANDLE_QUERY, BLOG_ARTICLES_QUERY, SHOP_POLICIES_QUERY } from './operations/content.ts';
import type { Image } from './types.ts';

/** The two blogs of the site; the first is the default (SPEC section 9). */
export const BLOG_HANDLES = ['ego-to-eden', 'eenheid-gezien-door-het-enkele-oog'] as const;
/** How many articles a blog request asks for (SPEC section 9). */
const BLOG_ARTICLES_FIRST = 50;

type ArticleAuthor = { firstName: string | null; lastName: string | null; name: string };

export type ArticleSummary = {
  id: string;
  handle: string;
  blogHandle: string;
  title: string;
  /** The merchant's excerpt, or null: list pages then cut one from `content`. */
  excerpt: string | null;
  /** The body as plain text. */
  content: string;
  publishedAt: string;
  tags: string[];
  image: Image | null;
  author: ArticleAuthor | null;
};

export type Article = ArticleSummary & {
  /** Sanitized HTML body. */
  contentHtml: string;
  seo: { title: string | null; description: string | null };
};

export type Blog = {
  id: string;
  handle: string;
  title: string;
  description: string | null;
  articles: ArticleSummary[];
};

export type ShopPolicy = { id: string; handle: string; title: string; body: string; url: string };

type RawAuthor = { firstName: string | null; lastName: string | null; name: string } | null;
type RawArticle = Omit<ArticleSummary, 'blogHandle' | 'author'> & {
  authorV2: RawAuthor;
  blog: { handle: string } | null;
};
type RawArticleFull = RawArticle & {
  contentHtml: string;
  seo: { title: string | null; description: string | null } | null;
};
type RawBlog = {
  id: string;
  handle: string;
  title: string;
  seo: { title: string | null; description: string | null } | null;
  articles: { nodes: RawArticle[] };
};

/** A summary without GraphQL shapes. */
function reshapeArticleSummary(raw: RawArticle, blogHandle: string): ArticleSummary {
  const { authorV2, blog, ...rest } = raw;
  return { ...rest, tags: raw.tags ?? [], blogHandle: blog?.handle ?? blogHandle, author: authorV2 };
}

/** A full article with its HTML body sanitized. */
function reshapeArticle(raw: RawArticleFull, blogHandle: string): Article {
  const { contentHtml, seo, ...rest } = raw;
  return {
    ...reshapeArticleSummary(rest, blogHandle),
    contentHtml: sanitizeMerchantHtml(contentHtml),
    seo: seo ?? { title: null, description: null },
  };
}

/** One blog with its newest articles first, or null when the store has no blog with that handle. */
export function getBlog(handle: string, language: Locale): Promise<Blog | null> {
  return cached(`blog:${language}:${handle}`, async () => {
    const data = await storefrontRequest<{ blog: RawBlog | null }>(
      BLOG_ARTICLES_QUERY,
      { handle, first: BLOG_ARTICLES_FIRST },
      { language },
    );
    const blog = data.blog;
    if (!blog) return null;
    return {
      id: blog.id,
      handle: blog.handle,
      title: blog.title,
      description: blog.seo?.description ?? null,
      articles: blog.articles.nodes.map((a) => reshapeArticleSummary(a, blog.handle)),
    };
  });
}

/** Every blog of the site that exists in the store, in BLOG_HANDLES order. */
export async function getBlogs(language: Locale): Promise<Blog[]> {
  const blogs = await Promise.all(BLOG_HANDLES.map((h) => getBlog(h, language)));
  return blogs.filter((b): b is Blog => b !== null);
}

/** The newest articles across the site's blogs, newest first. */
export async function getLatestArticles(language: Locale, count = 6): Promise<ArticleSummary[]> {
  const blogs = await getBlogs(language);
  return blogs
    .flatMap((b) => b.articles)
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
    .slice(0, count);
}

/** One article with its blog's handle and title, or null when either is missing. */
export function getArticle(
  blogHandle: string,
  articleHandle: string,
  language: Locale,
): Promise<{ blog: { handle: string; title: string }; article: Article } | null> {
  return cached(`article:${language}:${blogHandle}/${articleHandle}`, async () => {
    const data = await storefrontRequest<{
      blog: { handle: string; title: string; articleByHandle: RawArticleFull | null } | null;
    }>(ARTICLE_BY_HANDLE_QUERY, { blogHandle, articleHandle }, { language });
    const article = data.blog?.articleByHandle;
    if (!data.blog || !article) return null;
    return {
      blog: { handle: data.blog.handle, title: data.blog.title },
      article: reshapeArticle(article, data.blog.handle),
    };
  });
}

const policyFields = {
  privacy: 'privacyPolicy',
  refund: 'refundPolicy',
  shipping: 'shippingPolicy',
  terms: 'termsOfService',
} as const satisfies Record<PolicyKind, string>;

type RawShopPolicies = Record<(typeof policyFields)[PolicyKind], ShopPolicy | null>;

/** The four shop policies in a language; a policy the store has not written is null. */
export function getShopPolicies(language: Locale): Promise<Record<PolicyKind, ShopPolicy | null>> {
  return cached(`policies:${language}`, async () => {
    const data = await storefrontRequest<{ shop: RawShopPolicies }>(SHOP_POLICIES_QUERY, {}, { language });
    const out = {} as Record<PolicyKind, ShopPolicy | null>;
    for (const [kind, field] of Object.entries(policyFields) as [PolicyKind, keyof RawShopPolicies][]) {
      const policy = data.shop[field];
      out[kind] = policy?.body?.trim() ? { ...policy, body: sanitizeMerchantHtml(policy.body) } : null;
    }
    return out;
  });
}
