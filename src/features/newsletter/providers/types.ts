/** What a mailing provider learns about a person, after they confirmed or unsubscribed. */
export type ProviderSubscriber = {
  email: string;
  firstName: string;
  lastName: string;
  language: string;
  source: string;
  status: 'pending' | 'subscribed' | 'unsubscribed';
};

/** One external list (Mailchimp, Shopify customers). `sync` throws on any failure. */
export type NewsletterProvider = {
  name: string;
  sync(subscriber: ProviderSubscriber): Promise<void>;
};

/** A failed HTTP answer, with whether trying again can help (429 and 5xx can, 4xx cannot). */
export class ProviderError extends Error {
  // A plain field, not a parameter property: the local stack's mail worker imports this under
  // node's type stripping, which has no parameter properties.
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

/** fetch with a timeout; network failures and timeouts are retryable ProviderErrors. */
export async function providerFetch(url: string, init: RequestInit, timeoutMs = 5000): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderError(`request failed: ${(error as Error).message}`, true);
  }
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).slice(0, 200);
    throw new ProviderError(
      `HTTP ${response.status} ${body}`,
      response.status === 429 || response.status >= 500,
    );
  }
  return response;
}
