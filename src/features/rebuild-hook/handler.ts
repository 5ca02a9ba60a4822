import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Shopify webhook -> Netlify build hook. Shopify signs every webhook with the app's secret:
 * `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256 of the raw request body. A verified call
 * about products or collections triggers a rebuild, so prices and stock in the static pages
 * follow the store (the after-load fresh check covers the minutes in between).
 */

export type RebuildConfig = {
  /** The webhook signing secret (the app's client secret, or the one shown under Settings > Notifications > Webhooks). */
  secret: string | undefined;
  /** The Netlify build hook URL (Site configuration > Build & deploy > Build hooks). */
  buildHookUrl: string | undefined;
  fetch?: typeof fetch;
};

/** Topics that change what the static shop pages show. */
const REBUILD_TOPICS = /^(products|collections)\/(create|update|delete)$/;
const MAX_BODY_BYTES = 5_000_000;

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status });
const error = (status: number, code: string, message: string) => answer(status, { error: { code, message } });

/** True when `signature` is Shopify's HMAC of `body` with `secret`; compared in constant time. */
export function verifyShopifyHmac(body: Uint8Array, signature: string | null, secret: string): boolean {
  if (!signature || !secret) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature.trim(), 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Handles one webhook delivery. */
export async function handleShopifyWebhook(request: Request, config: RebuildConfig): Promise<Response> {
  if (request.method !== 'POST') {
    return new Response(JSON.stringify({ error: { code: 'method_not_allowed', message: 'Use POST.' } }), {
      status: 405,
      headers: { allow: 'POST', 'content-type': 'application/json' },
    });
  }
  if (!config.secret || !config.buildHookUrl) {
    return error(503, 'not_configured', 'SHOPIFY_WEBHOOK_SECRET and NETLIFY_BUILD_HOOK_URL must be set.');
  }
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) return error(413, 'payload_too_large', 'The webhook body is too large.');
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.byteLength > MAX_BODY_BYTES)
    return error(413, 'payload_too_large', 'The webhook body is too large.');
  if (!verifyShopifyHmac(body, request.headers.get('x-shopify-hmac-sha256'), config.secret)) {
    return error(401, 'invalid_signature', 'The webhook signature does not match.');
  }
  const topic = request.headers.get('x-shopify-topic') ?? '';
  // Answer 200 for other topics: Shopify retries anything else, and there is nothing to do.
  if (!REBUILD_TOPICS.test(topic)) return answer(200, { rebuild: false, topic });
  const hook = new URL(config.buildHookUrl);
  hook.searchParams.set('trigger_title', `Shopify ${topic}`);
  try {
    const response = await (config.fetch ?? fetch)(hook, {
      method: 'POST',
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok)
      return error(502, 'build_hook_failed', `The build hook answered HTTP ${response.status}.`);
  } catch {
    return error(502, 'build_hook_failed', 'The build hook could not be reached.');
  }
  return answer(200, { rebuild: true, topic });
}
