import { format } from '~/i18n/format.ts';
import type { Locale } from '~/i18n/locales.ts';

/** The texts the product form needs to say what an add to cart did. */
export type AddFeedbackMessages = {
  added: string;
  addedTitle: string;
  addedText: string;
  addedPart: string;
  addedPartTitle: string;
  addedPartText: string;
  notAdded: string;
  notAddedTitle: string;
  notAddedText: string;
};

/**
 * What to show after asking for `asked` units when `added` went in (the cart holds at most 10):
 * all of them, part of them up to the limit, or none. Title, text and button agree.
 */
export function addFeedback(
  m: AddFeedbackMessages,
  asked: number,
  added: number,
  product: string,
  variant: string,
  lang: Locale,
): { title: string; text: string; button: string; kind: 'all' | 'part' | 'none' } {
  const what = variant ? `${product} (${variant})` : product;
  const params = { quantity: asked, added, product: what };
  if (added <= 0)
    return {
      kind: 'none',
      title: m.notAddedTitle,
      text: format(m.notAddedText, params, lang),
      button: m.notAdded,
    };
  if (added < asked)
    return {
      kind: 'part',
      title: m.addedPartTitle,
      text: format(m.addedPartText, params, lang),
      button: format(m.addedPart, params, lang),
    };
  const text = format(m.addedText, { quantity: asked, product, variant }, lang).replace(' ()', '');
  return { kind: 'all', title: m.addedTitle, text, button: m.added };
}
