import { useEffect } from 'react';

/**
 * Sets `performance.mark('first-content')` once per page, when the page's first real data is on
 * screen (the first post, the conversation list, a preview card; never a skeleton). The mark is set
 * from an effect, so the data is in the DOM by then. `npm run bench:lighthouse -- --signed-in`
 * reads it as the page's "time to first real content".
 */
export function useFirstContent(ready: boolean): void {
  useEffect(() => {
    if (ready && performance.getEntriesByName('first-content', 'mark').length === 0)
      performance.mark('first-content');
  }, [ready]);
}

/**
 * Resolves once the page's first real content is on screen (the `first-content` mark), or after
 * `maxMs` on a page that does not get there (an error state): what is below the first screen (a
 * side list, say) reads after it, never competing with it.
 */
export function afterFirstContent(maxMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName('first-content', 'mark').length > 0) return resolve();
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-content').length > 0) done();
      });
      observer.observe({ type: 'mark' });
    } catch {
      done();
    }
  });
}
