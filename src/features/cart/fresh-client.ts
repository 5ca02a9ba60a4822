import type { Locale } from '~/i18n/locales.ts';
import { fetchJson } from '~/lib/http/fetch-json.ts';
import type { FreshAnswer } from './fresh-handler.ts';

const PREFIX = 'gid://shopify/ProductVariant/';
const MAX_IDS = 50;

/**
 * Price and availability now of the given variants (ONE request to /api/shop/fresh), or null
 * when the check fails: then nothing changes on the page. Ids that are not variant gids are
 * left out.
 */
export async function fetchFresh(
  variantIds: readonly string[],
  lang: Locale,
): Promise<FreshAnswer['variants'] | null> {
  const ids = [...new Set(variantIds)]
    .filter((id) => id.startsWith(PREFIX) && /^\d{1,19}$/.test(id.slice(PREFIX.length)))
    .slice(0, MAX_IDS);
  if (ids.length === 0) return null;
  const query = new URLSearchParams({ ids: ids.map((id) => id.slice(PREFIX.length)).join(','), lang });
  const answer = await fetchJson<FreshAnswer>(`/api/shop/fresh?${query}`, { timeoutMs: 8000 });
  if (!answer.ok || typeof answer.data?.variants !== 'object' || answer.data.variants === null) return null;
  return answer.data.variants;
}

/** Runs `task` when the browser is idle after load, never in the way of the page. */
export function whenIdle(task: () => void): void {
  const run = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => task(), { timeout: 3000 })
      : setTimeout(task, 200);
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
