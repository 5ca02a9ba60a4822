/**
 * Resolvers of the local catalog for content (blogs, articles, shop policies). Merged into the
 * rootValue by ./index.ts; owned by the blog/policies work.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { Locale } from '../../../i18n/locales.ts';
import { connection, localeOf } from './context.ts';
import { eenheid } from './fixtures/content/eenheid.ts';
import { egoToEden } from './fixtures/content/ego-to-eden.ts';
import { policies } from './fixtures/content/policies.ts';
import type { ArticleFixture, BlogFixture } from './fixtures/content/types.ts';
import { sortArticles, sortCollections } from './sort-keys.ts';

type Args = Record<string, unknown>;
type Resolver = (args: Args, context: unknown, info: GraphQLResolveInfo) => unknown;

/** The blogs of the local catalog, in the order Shopify would list them. */
export const localBlogs: readonly BlogFixture[] = [egoToEden, eenheid];

const SHOP_URL = 'https://chosen-ones.myshopify.com';

/** Plain text of an HTML fragment, as Shopify's `content` and `excerpt` fields give it. */
function textOf(html: string, truncateAt?: number | null): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<\/(p|h\d|li|blockquote)>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!truncateAt || text.length <= truncateAt) return text;
  return `${text.slice(0, truncateAt).trimEnd()}…`;
}

function numericId(text: string): number {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_007;
  return hash;
}

export function articleNode(blog: BlogFixture, a: ArticleFixture, lang: Locale): Record<string, unknown> {
  const author = {
    __typename: 'ArticleAuthor',
    firstName: a.author.firstName,
    lastName: a.author.lastName,
    name: `${a.author.firstName} ${a.author.lastName}`,
    bio: null,
    email: null,
  };
  return {
    __typename: 'Article',
    id: `gid://shopify/Article/${numericId(`${blog.handle}/${a.handle}`)}`,
    handle: a.handle,
    title: a.title[lang],
    // Shopify answers null when the merchant wrote no excerpt; the site then makes its own.
    excerpt: (args: Args) => (a.excerpt ? textOf(a.excerpt[lang], args.truncateAt as number | null) : null),
    excerptHtml: a.excerpt ? `<p>${a.excerpt[lang]}</p>` : null,
    content: (args: Args) => textOf(a.contentHtml[lang], args.truncateAt as number | null),
    contentHtml: a.contentHtml[lang],
    publishedAt: a.publishedAt,
    tags: a.tags[lang],
    // Local pictures are keyed by their path in the repository; the blog feature resolves them
    // to optimized assets (a real store answers cdn.shopify.com URLs instead).
    image: {
      __typename: 'Image',
      id: `gid://shopify/ArticleImage/${numericId(a.image.file)}`,
      url: `/src/assets/blog/${a.image.file}`,
      altText: a.image.alt[lang],
      width: a.image.width,
      height: a.image.height,
    },
    author,
    authorV2: author,
    blog: () => blogNode(blog, lang),
    onlineStoreUrl: `${SHOP_URL}/blogs/${blog.handle}/${a.handle}`,
    seo: { __typename: 'SEO', title: null, description: a.seoDescription?.[lang] ?? null },
    metafield: () => null,
    trackingParameters: null,
  };
}

/** An article with what ArticleSortKeys read of it (./sort-keys.ts). */
function sortable(blog: BlogFixture, a: ArticleFixture, lang: Locale) {
  return {
    blog,
    a,
    id: numericId(`${blog.handle}/${a.handle}`),
    title: a.title[lang],
    author: `${a.author.firstName} ${a.author.lastName}`,
    blogTitle: blog.title[lang],
    publishedAt: a.publishedAt,
    text: `${a.tags[lang].join(' ')} ${textOf(a.contentHtml[lang])}`,
  };
}

/** `articles(sortKey: ArticleSortKeys = ID, reverse: false, query)`, as Shopify sorts them. */
function articleConnection(list: ReturnType<typeof sortable>[], args: Args, lang: Locale) {
  return connection(
    sortArticles(list, args, lang).map((x) => articleNode(x.blog, x.a, lang)),
    args,
  );
}

function blogNode(blog: BlogFixture, lang: Locale): Record<string, unknown> {
  return {
    __typename: 'Blog',
    id: `gid://shopify/Blog/${numericId(blog.handle)}`,
    handle: blog.handle,
    title: blog.title[lang],
    seo: { __typename: 'SEO', title: null, description: blog.seoDescription[lang] },
    onlineStoreUrl: `${SHOP_URL}/blogs/${blog.handle}`,
    metafield: () => null,
    articles: (args: Args) =>
      articleConnection(
        blog.articles.map((a) => sortable(blog, a, lang)),
        args,
        lang,
      ),
    articleByHandle: (args: Args) => {
      const found = blog.articles.find((a) => a.handle === args.handle);
      return found ? articleNode(blog, found, lang) : null;
    },
  };
}

function findBlog(args: Args): BlogFixture | undefined {
  if (typeof args.handle === 'string') return localBlogs.find((b) => b.handle === args.handle);
  if (typeof args.id === 'string')
    return localBlogs.find((b) => `gid://shopify/Blog/${numericId(b.handle)}` === args.id);
  return undefined;
}

function policyNode(key: keyof typeof policies, lang: Locale): Record<string, unknown> {
  const p = policies[key];
  return {
    __typename: 'ShopPolicy',
    id: `gid://shopify/ShopPolicy/${numericId(key)}`,
    handle: p.handle,
    title: p.title[lang],
    body: p.body[lang],
    url: `${SHOP_URL}/policies/${p.handle}`,
  };
}

export const contentRoot: Record<string, Resolver> = {
  blog: (args, _ctx, info) => {
    const found = findBlog(args);
    return found ? blogNode(found, localeOf(info)) : null;
  },
  blogByHandle: (args, _ctx, info) => {
    const found = findBlog(args);
    return found ? blogNode(found, localeOf(info)) : null;
  },
  blogs: (args, _ctx, info) => {
    const lang = localeOf(info);
    const list = localBlogs.map((b) => ({
      b,
      id: numericId(b.handle),
      handle: b.handle,
      title: b.title[lang],
      updatedAt: '',
      text: b.seoDescription[lang],
    }));
    return connection(
      sortCollections(list, args, lang).map((x) => blogNode(x.b, lang)),
      args,
    );
  },
  articles: (args, _ctx, info) => {
    const lang = localeOf(info);
    const list = localBlogs.flatMap((b) => b.articles.map((a) => sortable(b, a, lang)));
    return articleConnection(list, args, lang);
  },
  /* The shop's policies; ./index.ts merges these fields into the catalog's `shop` (name, domain). */
  shop: (_args, _ctx, info) => {
    const lang = localeOf(info);
    return {
      privacyPolicy: policyNode('privacyPolicy', lang),
      refundPolicy: policyNode('refundPolicy', lang),
      shippingPolicy: policyNode('shippingPolicy', lang),
      termsOfService: policyNode('termsOfService', lang),
      termsOfSale: null,
      legalNotice: null,
      contactInformation: null,
    };
  },
};
