/*
 * No React here: the header's keepers (live-refresh.ts) wait with it on every signed-in page, and
 * the page shell must not carry React to content pages. The mark is set by useFirstContent.
 */
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

/** The attribute of a gated page's session-gate script (src/features/auth/SessionGate.astro). */
export const SESSION_GATE_ATTRIBUTE = 'data-session-gate';

/**
 * What a page shows first comes first: on a signed-in page (gated, src/features/auth/SessionGate.astro)
 * resolves after its first content (`afterFirstContent`), elsewhere at once. The header's counts,
 * its live profile and the newsletter cards start then, so their code and requests never compete
 * with the page's first data (issue 26). Only lazily loaded code may use it: the page shell stays
 * out of it (every page would carry it, the content pages' 8 KB included).
 */
export function afterFirstScreen(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): Promise<void> {
  return doc?.querySelector(`script[${SESSION_GATE_ATTRIBUTE}]`) ? afterFirstContent() : Promise.resolve();
}
