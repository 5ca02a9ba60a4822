import { getImage } from 'astro:assets';
import { type Locale, localizePath } from '~/i18n/locales.ts';
import { blogPostingJsonLd, type JsonLd } from '~/lib/seo/jsonld.ts';
import type { Article } from '~/lib/storefront/content.ts';
import { articleExcerpt } from './excerpt.ts';
import { authorName } from './format.ts';
import type { ArticleImage } from './image.ts';
import { articlePath, blogOverviewPath } from './paths.ts';

export type ArticleSeo = { title: string; description: string; ogImage: string | undefined; jsonLd: JsonLd };

/**
 * Title, description, Open Graph picture and BlogPosting JSON-LD of an article page. The
 * picture is rendered once more as a 1200 px JPEG, the format every link preview understands.
 */
export async function articleSeo(
  article: Article,
  blogTitle: string,
  image: ArticleImage | null,
  lang: Locale,
  site: URL,
): Promise<ArticleSeo> {
  const description = article.seo.description ?? articleExcerpt(article, 155);
  const og = image ? await getImage({ src: image.src, width: 1200, format: 'jpg', quality: 80 }) : null;
  const ogImage = og ? new URL(og.src, site).href : undefined;
  const url = new URL(localizePath(articlePath(article.blogHandle, article.handle), lang), site).href;
  const jsonLd = blogPostingJsonLd(
    {
      title: article.title,
      description,
      url,
      image: ogImage ?? null,
      publishedAt: article.publishedAt,
      author: authorName(article.author),
      tags: article.tags,
      blogTitle,
      blogUrl: new URL(localizePath(blogOverviewPath(article.blogHandle), lang), site).href,
      lang,
    },
    site,
  );
  return { title: article.seo.title ?? article.title, description, ogImage, jsonLd };
}
