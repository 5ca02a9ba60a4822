import { z } from 'zod';
import { locales, storefrontContext } from '~/i18n/locales.ts';
import { apiError, json, readJsonBody } from '~/lib/http/json.ts';
import { siteOrigin } from '~/lib/site.ts';
import {
  type CartUserError,
  type CreatedCart,
  cartPermalink,
  createCart,
  storefrontConfig,
  toCents,
} from '~/lib/storefront/index.ts';

/** The body of POST /api/checkout. @public: the attack suite reads every exported schema (tests/integration/attacks/endpoint-kit.ts). */
export const checkoutSchema = z.object({
  language: z.enum(locales).default('nl'),
  lines: z
    .array(
      z.object({
        variantId: z
          .string()
          .max(200)
          .regex(/^gid:\/\/shopify\/ProductVariant\/\d+$/, 'not a product variant id'),
        quantity: z.number().int().min(1).max(10),
      }),
    )
    .min(1)
    .max(50),
  /** A discount code from /cart, passed to cartCreate: the store decides whether it applies. */
  discountCode: z
    .string()
    .trim()
    .max(50)
    .regex(/^[\p{L}\p{N}_-]*$/u, 'letters, digits, - and _ only')
    .optional(),
});
type CheckoutInput = z.infer<typeof checkoutSchema>;

export type CheckoutDeps = {
  createCart: (
    lines: CheckoutInput['lines'],
    language: CheckoutInput['language'],
    countryCode: string,
    discountCodes?: string[],
  ) => Promise<{ cart: CreatedCart | null; userErrors: CartUserError[] }>;
  /** The Shopify store for the permalink fallback; null with the local catalog. */
  storeDomain: string | null;
  /** The site's configured origin (siteOrigin()); never the request's Host. */
  origin?: string;
};

const defaultDeps = (): CheckoutDeps => ({
  createCart,
  storeDomain: storefrontConfig()?.storeDomain ?? null,
});

/**
 * POST /api/checkout: validates the lines, creates a cart with the Cart API (buyer country from
 * the language) and answers its checkoutUrl. When Shopify fails, the cart permalink is the
 * fallback; bad input and unknown variants are 4xx with a message, never a 500.
 */
export async function handleCheckout(
  request: Request,
  deps: CheckoutDeps = defaultDeps(),
): Promise<Response> {
  const parsed = await readJsonBody(request, checkoutSchema, { maxBytes: 100_000 });
  if (!parsed.ok) return parsed.response;
  const { language, lines, discountCode } = parsed.data;
  // Only a cart with a code asks the store about codes (and answers what it decided).
  const withCode: [string[]] | [] = discountCode ? [[discountCode]] : [];
  // Two lines of one variant are one line for the store.
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.variantId, Math.min(10, (merged.get(l.variantId) ?? 0) + l.quantity));
  const cartLines = [...merged].map(([variantId, quantity]) => ({ variantId, quantity }));

  const fallback = () =>
    deps.storeDomain
      ? json({ checkoutUrl: cartPermalink(deps.storeDomain, cartLines), fallback: true })
      : null;

  let result: Awaited<ReturnType<CheckoutDeps['createCart']>>;
  try {
    result = await deps.createCart(cartLines, language, storefrontContext[language].country, ...withCode);
  } catch (error) {
    // Unreachable store, HTTP error or GraphQL errors: the permalink still leads to a checkout.
    console.error('checkout: cartCreate failed', error);
    return (
      fallback() ??
      apiError(502, 'checkout_unavailable', 'The checkout could not be created. Please try again.')
    );
  }
  if (result.userErrors.length) {
    const merchandise = result.userErrors.some((e) => e.field?.includes('merchandiseId'));
    return apiError(
      422,
      merchandise ? 'unknown_variant' : 'cart_rejected',
      result.userErrors.map((e) => e.message).join(' '),
    );
  }
  if (!result.cart?.checkoutUrl) {
    return (
      fallback() ?? apiError(502, 'checkout_unavailable', 'The store answered without a checkout address.')
    );
  }
  const origin = deps.origin ?? siteOrigin();
  let checkoutUrl = new URL(result.cart.checkoutUrl, origin);
  // The local store's "hosted checkout" is this site's demo page, on the configured origin.
  if (!deps.storeDomain && /^\/(?:[a-z]{2}\/)?checkout\/demo$/.test(checkoutUrl.pathname)) {
    checkoutUrl = new URL(checkoutUrl.pathname + checkoutUrl.search, origin);
  }
  const { discountCodes: codes, cost } = result.cart;
  return json({
    checkoutUrl: checkoutUrl.href,
    ...(withCode.length && codes ? { discountCodes: codes } : {}),
    ...(withCode.length && cost
      ? { cost: { subtotal: toCents(cost.subtotalAmount), total: toCents(cost.totalAmount) } }
      : {}),
  });
}
