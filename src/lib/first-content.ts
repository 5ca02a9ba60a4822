import { useEffect } from 'react';

const MARK = 'first-content';
/** A component on this page has said it sets the mark (useFirstContent), so the gate does not. */
let promised = false;
let reached = () => {};
const reachedOnce = new Promise<void>((resolve) => {
  reached = resolve;
});
const mark = () => {
  if (performance.getEntriesByName(MARK, 'mark').length === 0) performance.mark(MARK);
  reached();
};

/**
 * For the page's own React code: resolves once the first content is on screen (the mark below), or
 * after `maxMs` on a page that does not get there (an error state), so what is below the first
 * screen (a side list, say) reads after it, never competing with it. Code outside React (the
 * header's lazy scripts) waits for the same mark through src/lib/after-first-content.ts, which
 * keeps React out of their files.
 */
export function afterFirstContent(maxMs = 3000): Promise<void> {
  return Promise.race([reachedOnce, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
}

/**
 * Sets `performance.mark('first-content')` once per page, when the page's first real data is on
 * screen (the first post, the conversation list, a preview card; never a skeleton). The mark is set
 * from an effect, so the data is in the DOM by then. `npm run bench:lighthouse -- --signed-in`
 * reads it as the page's "time to first real content"; the header's counts wait for it
 * (`afterFirstScreen`).
 */
export function useFirstContent(ready: boolean): void {
  promised = true;
  useEffect(() => {
    if (ready) mark();
  }, [ready]);
}

/**
 * The gate has drawn the page (useGate, once it is no longer loading). On a page none of whose
 * components sets the mark (the account page, say), that is its first screen: the mark goes now, so
 * what waits for it (`afterFirstScreen`) does not wait out its 3 s. The gate's effect runs after its
 * children's, which have said by then whether they set it.
 */
export function pageShown(): void {
  if (!promised) mark();
}
