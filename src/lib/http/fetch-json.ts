/**
 * Browser-side JSON requests to the site's own endpoints (the shop's `/api/shop/*`, checkout,
 * ...): a timeout, an abort signal, and one answer shape instead of exceptions, so islands and
 * small scripts never crash on a network failure, a non-JSON body or an error status.
 * The error `code` is the endpoint's `{ error: { code } }` or one of `network`, `timeout`,
 * `aborted`, `bad_response` for the caller to translate.
 */
export type JsonAnswer<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: string };

export type FetchJsonOptions = {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
};

export async function fetchJson<T>(url: string, options: FetchJsonOptions = {}): Promise<JsonAnswer<T>> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, timeoutMs = 10_000 } = options;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const onAbort = () => timeout.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  try {
    const init: RequestInit = {
      method,
      signal: timeout.signal,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    response = await fetch(url, init);
  } catch {
    return {
      ok: false,
      status: 0,
      code: signal?.aborted ? 'aborted' : timeout.signal.aborted ? 'timeout' : 'network',
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    return { ok: false, status: response.status, code: 'bad_response' };
  }
  if (!response.ok) {
    const code = (data as { error?: { code?: unknown } } | null)?.error?.code;
    return { ok: false, status: response.status, code: typeof code === 'string' ? code : 'bad_response' };
  }
  return { ok: true, status: response.status, data: data as T };
}
