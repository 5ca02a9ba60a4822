/*
 * The orders of Shopify's sort keys for the lists the local store answers: ArticleSortKeys,
 * BlogSortKeys and CollectionSortKeys here, ProductSortKeys / ProductCollectionSortKeys in
 * ./product-query.ts on top of the same helpers. Shopify's rules, as the schema documents them:
 * each key sorts ascending (A-Z, oldest, lowest id first), `reverse: true` turns the whole list
 * around, ties fall back to the id order, the default key of every root list is ID, and RELEVANCE
 * without a `query` is not a real order (the default order answers then).
 */
import type { Locale } from '../../../i18n/locales.ts';

type Compare<T> = (a: T, b: T) => number;

/** Compares texts as a person of that language sorts them (case and accents ignored, 2 < 10). */
export function textCompare(lang: Locale): Compare<string> {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  return (a, b) => collator.compare(a, b);
}

/** A comparison by one value (numbers or ISO dates), ascending. */
export function byValue<T>(value: (item: T) => number | string): Compare<T> {
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/**
 * Sorts by `compare`, ties by `id` (lowest first); `reverse` turns the result around. A null
 * `compare` keeps the list's own order (a collection's manual order), also reversible.
 */
export function sortList<T>(
  list: readonly T[],
  compare: Compare<T> | null,
  id: (item: T) => number,
  reverse: boolean | null | undefined,
): T[] {
  const sorted = compare ? [...list].sort((a, b) => compare(a, b) || id(a) - id(b)) : [...list];
  return reverse ? sorted.reverse() : sorted;
}

/** The words of a `query` argument, lower case, without field prefixes such as `tag:`. */
export function queryTerms(query: unknown): string[] {
  if (typeof query !== 'string') return [];
  return query
    .toLowerCase()
    .split(/\s+/)
    .map((t) => t.replace(/^[a-z_]+:/, '').replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

/**
 * RELEVANCE for a query: how often its words occur in the title (counting three) and in the
 * rest of the text, the most relevant first; null without words (then the default order).
 */
export function relevance<T>(
  query: unknown,
  title: (item: T) => string,
  text: (item: T) => string,
): Compare<T> | null {
  const terms = queryTerms(query);
  if (!terms.length) return null;
  const count = (haystack: string, term: string) => haystack.toLowerCase().split(term).length - 1;
  const score = (item: T) =>
    terms.reduce((sum, term) => sum + 3 * count(title(item), term) + count(text(item), term), 0);
  return (a, b) => score(b) - score(a);
}

type SortArgs = { sortKey?: unknown; reverse?: unknown; query?: unknown };

/** Sorts by the named key of `keys`; an unknown or missing key means ID, Shopify's default. */
function sortByKey<T extends { id: number }>(
  list: readonly T[],
  keys: Record<string, Compare<T> | null>,
  args: SortArgs,
): T[] {
  const key = String(args.sortKey ?? 'ID');
  const compare = key in keys ? (keys[key] ?? null) : null;
  // RELEVANCE without a query, like ID, is the id order.
  return sortList(list, compare ?? byValue((x) => x.id), (x) => x.id, Boolean(args.reverse));
}

/** What the article sort keys read of an article. */
export type SortableArticle = {
  id: number;
  title: string;
  author: string;
  blogTitle: string;
  publishedAt: string;
  text: string;
};

/** `articles(sortKey: ArticleSortKeys = ID, reverse, query)` on the shop and on a blog. */
export function sortArticles<T extends SortableArticle>(
  list: readonly T[],
  args: SortArgs,
  lang: Locale,
): T[] {
  const text = textCompare(lang);
  return sortByKey<T>(
    list,
    {
      ID: null,
      TITLE: (a, b) => text(a.title, b.title),
      AUTHOR: (a, b) => text(a.author, b.author),
      BLOG_TITLE: (a, b) => text(a.blogTitle, b.blogTitle),
      PUBLISHED_AT: byValue((a) => a.publishedAt),
      // The fixtures are never edited after publication.
      UPDATED_AT: byValue((a) => a.publishedAt),
      RELEVANCE: relevance(
        args.query,
        (a) => a.title,
        (a) => `${a.author} ${a.text}`,
      ),
    },
    args,
  );
}

/** What the collection and blog sort keys read. */
export type SortableCollection = {
  id: number;
  title: string;
  handle: string;
  updatedAt: string;
  text: string;
};

/** `collections(sortKey: CollectionSortKeys = ID)` and `blogs(sortKey: BlogSortKeys = ID)`. */
export function sortCollections<T extends SortableCollection>(
  list: readonly T[],
  args: SortArgs,
  lang: Locale,
): T[] {
  const text = textCompare(lang);
  return sortByKey<T>(
    list,
    {
      ID: null,
      TITLE: (a, b) => text(a.title, b.title),
      HANDLE: byValue((c) => c.handle),
      UPDATED_AT: byValue((c) => c.updatedAt),
      RELEVANCE: relevance(
        args.query,
        (c) => c.title,
        (c) => c.text,
      ),
    },
    args,
  );
}
