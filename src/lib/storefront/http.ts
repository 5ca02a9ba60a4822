import { StorefrontError } from './errors.ts';
import { isLoopbackStore } from './loopback.ts';
import { STOREFRONT_API_VERSION } from './version.ts';

export { isLoopbackStore };

export type HttpConfig = {
  /** "my-store.myshopify.com"; a full http(s):// origin is accepted too (tests use a local server). */
  storeDomain: string;
  accessToken: string;
  /** Retries on 429 and 503, 0 to 3 (default 3). */
  retries?: number;
  /** Wait before a retry when the answer has no Retry-After, in ms (default 1000). */
  retryDelayMs?: number;
  /** Abort an attempt after this many ms (default 10 000). */
  timeoutMs?: number;
  /** Upper bound for a Retry-After wait, in ms (default 10 000). */
  maxRetryDelayMs?: number;
};

type GraphQLResponse<T> = { data?: T | null; errors?: { message: string }[] };

/**
 * The endpoint for a store: https://{store}/api/{version}/graphql.json; http:// for a loopback
 * host such as 127.0.0.1:54330 (the local store).
 */
export function storefrontEndpoint(storeDomain: string): string {
  const scheme = isLoopbackStore(storeDomain) ? 'http' : 'https';
  const origin = /^https?:\/\//.test(storeDomain) ? storeDomain : `${scheme}://${storeDomain.trim()}`;
  return `${origin.replace(/\/+$/, '')}/api/${STOREFRONT_API_VERSION}/graphql.json`;
}

/** Milliseconds to wait as a Retry-After header says (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs an operation to the Storefront API, retrying 429/503 and applying a timeout per attempt. */
export async function httpRequest<T>(
  config: HttpConfig,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const retries = Math.min(3, Math.max(0, config.retries ?? 3));
  const retryDelayMs = config.retryDelayMs ?? 1000;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const maxRetryDelayMs = config.maxRetryDelayMs ?? 10_000;
  const url = storefrontEndpoint(config.storeDomain);
  const where = `Shopify store ${config.storeDomain}`;

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-shopify-storefront-access-token': config.accessToken,
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new StorefrontError(
        timedOut
          ? `${where} did not answer within ${timeoutMs} ms (${url}).`
          : `${where} could not be reached (${url}): ${error instanceof Error ? error.message : String(error)}`,
        timedOut ? 'timeout' : 'network',
        undefined,
        { cause: error },
      );
    }

    if ((response.status === 429 || response.status === 503) && attempt < retries) {
      const wait = parseRetryAfter(response.headers.get('retry-after')) ?? retryDelayMs;
      await response.body?.cancel();
      await sleep(Math.min(wait, maxRetryDelayMs));
      continue;
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new StorefrontError(
        `${where} answered HTTP ${response.status} ${response.statusText} (${url})${text ? `: ${text.slice(0, 200)}` : ''}`,
        'http',
        response.status,
      );
    }
    let body: GraphQLResponse<T>;
    try {
      body = (await response.json()) as GraphQLResponse<T>;
    } catch (error) {
      throw new StorefrontError(
        `${where} answered with something that is not JSON.`,
        'http',
        response.status,
        {
          cause: error,
        },
      );
    }
    if (body.errors?.length) {
      throw new StorefrontError(
        `${where} answered with GraphQL errors: ${body.errors.map((e) => e.message).join('; ')}`,
        'graphql',
        response.status,
      );
    }
    if (!body.data) throw new StorefrontError(`${where} answered without data.`, 'graphql', response.status);
    return body.data;
  }
}
