import { inlineHandlerCount, inlineScriptHashes } from '../security-headers.ts';

/*
 * What the Content-Security-Policy needs from the static pages: the hashes of their inline
 * scripts and how many inline event handlers they still have. The critical-CSS step holds every
 * page in memory as it writes it, so it collects these there (in its threads) and hands them to
 * the security-headers step, which otherwise reads all pages again (~12,600 at 2,000 products).
 */

export type PagePolicy = { hashes: string[]; pages: number; handlers: number };

/**
 * What every inline event handler holds (` onclick=`): a page without it has none, and is not
 * scanned tag by tag (that scan was ~5 s of a 12,600-page build, for a warning).
 */
const HANDLER_HINT = /\son[a-z]+\s*=/i;

/** inlineHandlerCount(html), skipping the tag-by-tag scan where no handler can be. */
export function handlerCount(html: string): number {
  return HANDLER_HINT.test(html) ? inlineHandlerCount(html) : 0;
}

/** Collects the policy of pages as they are written; `merge` joins those of several threads. */
export function policyCollector() {
  const hashes = new Set<string>();
  let pages = 0;
  let handlers = 0;
  return {
    add(html: string) {
      pages++;
      for (const hash of inlineScriptHashes(html)) hashes.add(hash);
      handlers += handlerCount(html);
    },
    merge(policy: PagePolicy) {
      pages += policy.pages;
      for (const hash of policy.hashes) hashes.add(hash);
      handlers += policy.handlers;
    },
    result(): PagePolicy {
      return { hashes: [...hashes].sort(), pages, handlers };
    },
  };
}

/** Policies collected by the critical-CSS step, by output folder, until the headers step takes them. */
const collected = new Map<string, PagePolicy>();

export function rememberPolicy(dir: string, policy: PagePolicy): void {
  collected.set(dir, policy);
}

/** The policy collected for `dir` in this build (once), or undefined when none was. */
export function takePolicy(dir: string): PagePolicy | undefined {
  const policy = collected.get(dir);
  collected.delete(dir);
  return policy;
}
