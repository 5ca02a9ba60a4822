import type { MessageKey } from '~/i18n/t.ts';

/** The longest query the search field sends; the endpoint refuses longer ones. */
export const MAX_QUERY_LENGTH = 100;

/** Texts the predictive script needs, served as /texts/search.json (messages.ts). */
export const predictiveTextKeys = [
  'search.group.queries',
  'search.group.products',
  'search.group.collections',
  'search.group.articles',
  'search.viewAll',
  'search.loading',
  'search.nothing',
  'search.failed',
  'search.live.one',
  'search.live.other',
  'shop.soldOut',
] as const satisfies readonly MessageKey[];

export type PredictiveTexts = Record<(typeof predictiveTextKeys)[number], string>;
