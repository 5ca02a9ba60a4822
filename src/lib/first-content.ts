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
