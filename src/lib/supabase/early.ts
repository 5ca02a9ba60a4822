import { supabaseAnonKey, supabaseUrl } from './env.ts';

/**
 * The ONE way a signed-in page starts its first reads before React and the data client have
 * loaded ("early reads", issue 26 point 3):
 *
 * 1. The page declares its first PostgREST reads as `RestRead`s, built by the same function its
 *    data module uses (`feedFirstPage(me)`, `conversationsRead`, ...), so the two cannot drift.
 * 2. `earlyScript(reads)` is a few hundred bytes inline in the page's head (SignedInPage.astro):
 *    it reads supabase-js's stored session and, only when its access token is valid for more than
 *    `MARGIN_S` seconds (else supabase-js refreshes it first: no early read, the normal path),
 *    starts each read with plain `fetch`, the member's own token, and nothing else; the promises
 *    wait in `window.__earlyReads`, keyed by request, each with the token it was sent with.
 * 3. The data module reads through `readRest(read, token)`: an early answer made with that very
 *    token is taken (once: it leaves the registry), else the same request is made now.
 * Security: the member's own token only, RLS decides what comes back; an answer is handed out once,
 * only for the identical token, and lives in this page's memory only; sign-out clears the rest
 * (`clearEarlyReads`, compose.ts).
 */
export type RestRead = {
  /** After `/rest/v1/`: `table?select=...&filters` or `rpc/<function>`. */
  path: string;
  /** A function's arguments (POST `rpc/...`). */
  body?: Record<string, unknown>;
  /** HEAD with `Prefer: count=exact`: the answer's Content-Range holds the count. */
  count?: true;
};

/** Stand-ins in a read built at build time, filled in by the inline script. */
export const ME = '__ME__';
/** The id in the address (`/messages/{id}`, `?id=`); reads that need one are skipped without it. */
export const ADDRESS_ID = '__ID__';
const TOKEN = '__TOKEN__';

/**
 * A token this close to its expiry (seconds) is not used early: supabase-js refreshes it first when
 * it loads (auth-js refreshes within 90 s of expiry), so its reads carry another token anyway.
 */
export const MARGIN_S = 120;

type Request = [
  key: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
];

/** The request of a read, exactly as both the inline script and `readRest` send it. */
export function restRequest(read: RestRead, token: string): Request {
  const method = read.body ? 'POST' : read.count ? 'HEAD' : 'GET';
  const headers: Record<string, string> = { apikey: supabaseAnonKey, authorization: `Bearer ${token}` };
  if (read.body) headers['content-type'] = 'application/json';
  if (read.count) headers['prefer'] = 'count=exact';
  const body = read.body ? JSON.stringify(read.body) : undefined;
  const key = `${method} ${read.path} ${body ?? ''}`;
  return [key, `${supabaseUrl}/rest/v1/${read.path}`, { method, headers, ...(body ? { body } : {}) }];
}

type Registry = Record<string, { t: string; p: Promise<Response> }>;
const registry = () => (globalThis as { __earlyReads?: Registry }).__earlyReads;

/** Makes the read, or takes the early answer made with this same token (once). */
export function readRest(read: RestRead, token: string): Promise<Response> {
  const [key, url, init] = restRequest(read, token);
  const reads = registry();
  const early = reads?.[key];
  if (early) delete reads[key];
  if (early?.t === token) return early.p.catch(() => fetch(url, init));
  return fetch(url, init);
}

/** Forgets every early answer not taken yet (sign-out, another member). */
export function clearEarlyReads(): void {
  delete (globalThis as { __earlyReads?: Registry }).__earlyReads;
}

/** A PostgREST answer's rows (or object), or its error thrown as postgrest-js would report it. */
async function restJson<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as T | { message?: string } | null;
  if (response.ok) return body as T;
  const error = (body ?? {}) as { message?: string };
  throw Object.assign(new Error(error.message ?? response.statusText), body, { status: response.status });
}

/** The page client's session, as much of it as a read needs (a fake one in tests). */
export type SessionSource = {
  auth: { getSession(): Promise<{ data: { session: { access_token: string } | null } }> };
};

/** The page client's current token (supabase-js refreshed it if it had to), else the anon key. */
export async function tokenOf(db: SessionSource): Promise<string> {
  return (await db.auth.getSession()).data.session?.access_token ?? supabaseAnonKey;
}

/**
 * A read with the page client's current token (supabase-js refreshed it if it had to): the early
 * answer when one was made with that token, else the request now. Rows, or the PostgREST error.
 */
export async function readWith<T>(db: SessionSource, read: RestRead): Promise<T> {
  return restJson<T>(await readRest(read, await tokenOf(db)));
}

/**
 * The inline script (run as `(RUN)(args)`): storage key, the id pattern, the margin and the requests
 * with their stand-ins. ES5 on purpose (it is never compiled) and silent on any failure: the page's
 * normal path reads anyway.
 */
const RUN = `function(k,m,q,l){try{var s=JSON.parse(localStorage.getItem(k)),t=s.access_token,u=s.user.id;if(typeof t!='string'||typeof u!='string'||!(s.expires_at-Date.now()/1e3>m))return;var d=(/[?&]id=([0-9a-f-]{36})(?:&|$)/i.exec(location.search)||/\\/([0-9a-f-]{36})\\/?$/i.exec(location.pathname)||[])[1],r=window.__earlyReads={};q.forEach(function(x){x=JSON.stringify(x);if(!d&&x.indexOf('${ADDRESS_ID}')>=0)return;x=JSON.parse(x.split('${ME}').join(u).split('${ADDRESS_ID}').join(d).split('${TOKEN}').join(t));r[x[0]]={t:t,p:fetch(x[1],x[2])}});if(l&&window.requestIdleCallback)window.requestIdleCallback(function(){new Intl.DateTimeFormat(l).format(0)})}catch(e){}}`;

/**
 * The inline script that starts `reads` early (empty when there are none). With `intlLocale` (the
 * page's `Intl` locale) it also makes that language's first date formatter while the browser is
 * idle (waiting for the page's code and data): the first one costs a phone 66-91 ms (ICU loads the
 * language's data; later ones ~1 ms), which otherwise lands inside the first render's long task
 * (`npm run bench:trace`). The formatter itself is dropped; the data stays loaded.
 */
export function earlyScript(reads: readonly RestRead[], storageKey: string, intlLocale?: string): string {
  if (reads.length === 0) return '';
  const requests = reads.map((read) => restRequest(read, TOKEN));
  const args = [storageKey, MARGIN_S, requests, intlLocale ?? ''].map((a) =>
    JSON.stringify(a).replaceAll('<', '\\u003c'),
  );
  return `(${RUN})(${args.join(',')})`;
}
