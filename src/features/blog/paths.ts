import { BLOG_HANDLES } from '~/lib/storefront/content.ts';

/** Each blog's overview page; /unity shows the same list as the second blog's page. */
const overviewPaths: Record<string, string> = {
  'ego-to-eden': '/ego-to-eden',
  'eenheid-gezien-door-het-enkele-oog': '/eenheid-gezien-door-het-enkele-oog',
};

/** The unlocalized address of a blog's overview, or /blog for a blog the site has no page for. */
export function blogOverviewPath(blogHandle: string): string {
  return overviewPaths[blogHandle] ?? '/blog';
}

/** The unlocalized address of an article page. */
export function articlePath(blogHandle: string, articleHandle: string): string {
  return `/blog/${blogHandle}/${articleHandle}`;
}

/** True for the blogs the site renders pages for. */
export function isSiteBlog(handle: string): boolean {
  return (BLOG_HANDLES as readonly string[]).includes(handle);
}
