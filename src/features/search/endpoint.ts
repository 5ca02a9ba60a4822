import { z } from 'zod';
import { locales } from '~/i18n/locales.ts';
import { apiError, json } from '~/lib/http/json.ts';
import { MAX_QUERY_LENGTH as MAX_QUERY } from './field-texts.ts';
import { predictiveSearch } from './predictive.server.ts';

/** The query of GET /api/shop/predictive-search. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const predictiveQuerySchema = z.object({
  q: z.string().trim().min(1).max(MAX_QUERY),
  lang: z.enum(locales),
});

/**
 * GET /api/shop/predictive-search?q=...&lang=nl: the header's predictive results, through the
 * site's one storefront client (the local store or a real Shopify store alike).
 */
export async function handlePredictiveSearch(url: URL, search = predictiveSearch): Promise<Response> {
  const parsed = predictiveQuerySchema.safeParse({
    q: url.searchParams.get('q') ?? '',
    lang: url.searchParams.get('lang') ?? '',
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.code;
    return apiError(
      400,
      'invalid_query',
      `Send q (1 to ${MAX_QUERY} characters) and lang (nl, en or de).`,
      fields,
    );
  }
  try {
    const answer = await search(parsed.data.q, parsed.data.lang);
    return json(answer, 200, { 'cache-control': 'public, max-age=60' });
  } catch {
    return apiError(503, 'search_unavailable', 'The store did not answer the search. Try again shortly.');
  }
}
