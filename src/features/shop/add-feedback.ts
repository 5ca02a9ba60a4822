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

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));

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
): { title: string; text: string; button: string; kind: 'all' | 'part' | 'none' } {
  const what = variant ? `${product} (${variant})` : product;
  const params = { quantity: asked, added, product: what };
  if (added <= 0)
    return { kind: 'none', title: m.notAddedTitle, text: fill(m.notAddedText, params), button: m.notAdded };
  if (added < asked)
    return {
      kind: 'part',
      title: m.addedPartTitle,
      text: fill(m.addedPartText, params),
      button: fill(m.addedPart, params),
    };
  const text = fill(m.addedText, { quantity: asked, product, variant }).replace(' ()', '');
  return { kind: 'all', title: m.addedTitle, text, button: m.added };
}
