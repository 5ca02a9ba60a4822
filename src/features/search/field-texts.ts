import type { Lookup, MessageKey } from '~/i18n/bind.ts';

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

export type PredictiveKey = (typeof predictiveTextKeys)[number];
/** The predictive script's lookup over those texts. */
export type PredictiveTexts = Lookup<PredictiveKey>;
