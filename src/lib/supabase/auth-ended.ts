/*
 * Why a session ended, for the sign-in page: GoTrue refuses a suspended member's refresh (and
 * GET /user) with `user_banned`, supabase-js then drops the session and reports only SIGNED_OUT.
 * auth-js's fetch is wrapped to remember that answer in sessionStorage and to end the session
 * (auth-js keeps a session whose proactive refresh failed until its access token expires; a
 * suspended member's must end now); the signed-in page sends the member to /auth, which takes
 * the reason and explains it in the member's language.
 */
const KEY = 'auth-ended';
/** The GoTrue error codes that end a session for a reason worth explaining. */
const EXPLAINED = new Set(['user_banned']);

/**
 * auth-js's fetch: unchanged, except that an explained refusal of a refresh or GET /user is noted
 * and `onEnded` is called (after the answer is handed back, outside auth-js's lock).
 */
export function noteAuthEnd(fetchImpl: typeof fetch = fetch, onEnded: () => void = () => {}): typeof fetch {
  return async (input, init) => {
    const res = await fetchImpl(input, init);
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (
      (res.status === 400 || res.status === 403) &&
      /\/token\?grant_type=refresh_token|\/user$/.test(address)
    ) {
      const body = (await res
        .clone()
        .json()
        .catch(() => null)) as { error_code?: unknown; code?: unknown } | null;
      const code = body?.error_code ?? body?.code;
      if (typeof code === 'string' && EXPLAINED.has(code)) {
        try {
          sessionStorage.setItem(KEY, code);
        } catch {}
        setTimeout(onEnded, 0);
      }
    }
    return res;
  };
}

/** Whether a session just ended for an explained reason (read, not cleared). */
export function authEndedReason(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The reason a session ended (`user_banned`), cleared once read; null when none is pending. */
export function takeAuthEnded(): string | null {
  const reason = authEndedReason();
  try {
    sessionStorage.removeItem(KEY);
  } catch {}
  return reason;
}
