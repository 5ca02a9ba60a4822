/**
 * Where to go after signing in: only a path on this site (starts with one "/", no scheme, no
 * "//host", no backslash trick), else the fallback. `/auth?next=...` is an open-redirect vector
 * otherwise.
 */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next || next.length > 2000) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  // Control characters let browsers treat "/\t/evil.example" as protocol-relative.
  for (let i = 0; i < next.length; i++) if (next.charCodeAt(i) < 0x20) return fallback;
  try {
    const url = new URL(next, 'https://same.invalid');
    // Stryker disable next-line ConditionalExpression: a second line of defence; the checks above already leave only same-origin paths
    if (url.origin !== 'https://same.invalid') return fallback;
    if (url.pathname.replace(/\/+$/, '').endsWith('/auth')) return fallback;
    return url.pathname + url.search + url.hash;
    // Stryker disable next-line BlockStatement: a path starting with one "/" always parses against a base; kept for safety
  } catch {
    return fallback;
  }
}
