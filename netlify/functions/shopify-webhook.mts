/**
 * Netlify function at /.netlify/functions/shopify-webhook: verifies a Shopify webhook's HMAC and,
 * for products/* and collections/* topics, calls the Netlify build hook so the static shop pages
 * are rebuilt. Needs SHOPIFY_WEBHOOK_SECRET and NETLIFY_BUILD_HOOK_URL (README "Shop: rebuild
 * on Shopify changes").
 */
import { handleShopifyWebhook } from '../../src/features/rebuild-hook/handler.ts';

export default function shopifyWebhook(request: Request): Promise<Response> {
  return handleShopifyWebhook(request, {
    secret: process.env['SHOPIFY_WEBHOOK_SECRET'],
    buildHookUrl: process.env['NETLIFY_BUILD_HOOK_URL'],
  });
}
