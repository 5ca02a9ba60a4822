import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { pluralForm } from '~/i18n/plural-form.ts';
import { afterFirstScreen } from '~/lib/after-first-content.ts';
import { headCount } from '~/lib/supabase/head-count.ts';

/**
 * A count of the signed-in member's own rows that the header shows (unread messages, the bell),
 * without supabase-js: one counting PostgREST request (HEAD, `Prefer: count=exact`, on `path`) with
 * the stored session's token, kept fresh by `keep` (the header's `startLiveRefresh`) from the
 * moment someone is signed in; 0 for a visitor, stopped and restarted when another member signs in.
 * Only the lazily loaded header scripts import this (never the page shell: `chunk-groups.ts`
 * puts whatever the shell reaches into every page), so who is signed in comes in as `auth`.
 */
type MemberCount = {
  $count: ReadableAtom<number>;
  /** Sets the count from what an island knows already (the messages page's live list). */
  set: (count: number) => void;
  /** Re-counts now; resolves with the count (null: could not be read, the last one stays). */
  refresh: () => Promise<number | null>;
  /**
   * Follows the signed-in member (once per page): starts `keep` for them, stops it on sign-out.
   * Starts once `after` has resolved (default: a signed-in page's first content, `afterFirstScreen`).
   */
  follow: (after?: Promise<void>) => Promise<void>;
};

/** Who is signed in, as the auth feature's `$auth` store says it (its shape, not its module). */
type AuthStore = Pick<ReadableAtom<{ status: string; userId?: string }>, 'subscribe'>;

export function memberCount(options: {
  path: (userId: string) => string;
  keep: (userId: string, refresh: () => Promise<number | null>) => () => void;
  /** The stored session to count with (null: nobody is signed in). */
  session: () => { userId: string; accessToken: string } | null;
  auth: AuthStore;
  /** The atom to fill, when an island that must not load this module sets it too (else a new one). */
  store?: WritableAtom<number>;
}): MemberCount {
  const { path, keep, session, auth } = options;
  const $count = options.store ?? atom(0);
  const set = (count: number) => $count.set(Math.max(0, count));
  async function refresh(): Promise<number | null> {
    const stored = session();
    if (!stored) {
      set(0);
      return 0;
    }
    const total = await headCount(path(stored.userId), stored.accessToken);
    if (total !== null) set(total);
    return total;
  }
  async function follow(after = afterFirstScreen()): Promise<void> {
    await after;
    let signedInAs: string | null = null;
    let stop: (() => void) | undefined;
    auth.subscribe((state) => {
      const now = state.status === 'signed-in' ? (state.userId ?? null) : null;
      if (now === signedInAs) return;
      stop?.();
      stop = undefined;
      signedInAs = now;
      if (now) stop = keep(now, refresh);
      else if (state.status !== 'loading') set(0);
    });
  }
  return { $count, set, refresh, follow };
}

/** Shows a count on a badge element: hidden at 0, "99+" above 99. */
export function showCount(badge: HTMLElement, count: number): void {
  badge.hidden = count === 0;
  badge.textContent = count > 99 ? '99+' : String(count);
}

/** The counted form of a label from its `.one` / `.other` texts (Intl.PluralRules of `lang`). */
export function countedLabel(
  forms: { one: string | undefined; other: string | undefined },
  lang: string,
  count: number,
): string {
  return (pluralForm(lang, count) === 'one' ? forms.one : forms.other) ?? '{count}';
}
