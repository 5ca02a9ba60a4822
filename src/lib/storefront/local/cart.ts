import type { GraphQLResolveInfo } from 'graphql';
import { localizePath } from '../../../i18n/locales.ts';
import { connection, localeOf } from './context.ts';
import { applyOverride, currentOverrides } from './overrides.ts';

/*
 * The local store's Cart API (cartCreate, cart, cartLinesAdd/Update/Remove,
 * cartBuyerIdentityUpdate, cartDiscountCodesUpdate) as Shopify answers it: carts live in memory
 * in this process, lines are priced from the catalog (with run-time overrides, ./overrides.ts),
 * bad ids and quantities come back as userErrors, never as GraphQL errors.
 */

type Args = Record<string, unknown>;
type Resolver = (args: Args, context: unknown, info: GraphQLResolveInfo) => unknown;
type UserError = { code: string; field: string[]; message: string };

type StoredLine = { id: string; merchandiseId: string; quantity: number; attributes: Attribute[] };
type Attribute = { key: string; value: string | null };
type StoredCart = {
  token: string;
  lines: StoredLine[];
  discountCodes: string[];
  buyerIdentity: { email: string | null; phone: string | null; countryCode: string | null };
  attributes: Attribute[];
  note: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Demo discount codes of the local store (README "Local store: discount codes"). */
const DEMO_DISCOUNT_CODES = {
  /** 10 % off the whole cart. */
  WELKOM10: { percentage: 10, minimumCents: 0 },
  /** 5 euro off from a subtotal of 25 euro. */
  LICHT5: { fixedCents: 500, minimumCents: 2500 },
} as const satisfies Record<string, { percentage?: number; fixedCents?: number; minimumCents: number }>;
type DemoCode = keyof typeof DEMO_DISCOUNT_CODES;

/** Shopify allows at most this many of one line; more is a user error. */
const MAX_LINE_QUANTITY = 1_000_000;
const MAX_CARTS = 10_000;

const carts = new Map<string, StoredCart>();

const money = (cents: number) => ({
  __typename: 'MoneyV2',
  amount: (cents / 100).toFixed(2),
  currencyCode: 'EUR',
});
const toCents = (amount: string) => Math.round(Number(amount) * 100);
const cartGid = (token: string) => `gid://shopify/Cart/${token}`;
const tokenOf = (id: unknown) =>
  typeof id === 'string' && id.startsWith('gid://shopify/Cart/')
    ? id.slice('gid://shopify/Cart/'.length).split('?')[0]
    : undefined;

/** Where the local store's "hosted checkout" lives: this site's demo page. */
function checkoutOrigin(): string {
  const env = typeof process === 'undefined' ? {} : process.env;
  return (env.LOCAL_CHECKOUT_ORIGIN ?? 'http://localhost:4321').replace(/\/$/, '');
}

function demoCode(code: string): DemoCode | undefined {
  const upper = code.trim().toUpperCase();
  return upper in DEMO_DISCOUNT_CODES ? (upper as DemoCode) : undefined;
}

/** Discount in cents that a code gives on a subtotal; 0 when it does not apply. */
function discountCents(code: string, subtotal: number): number {
  const found = demoCode(code);
  if (!found || subtotal <= 0) return 0;
  const rule: { percentage?: number; fixedCents?: number; minimumCents: number } = DEMO_DISCOUNT_CODES[found];
  if (subtotal < rule.minimumCents) return 0;
  if (rule.percentage) return Math.round((subtotal * rule.percentage) / 100);
  return Math.min(subtotal, rule.fixedCents ?? 0);
}

/**
 * `catalogNode` is the catalog's `node` resolver: it answers a ProductVariant for a variant gid.
 */
export function createCartRoot(catalogNode: Resolver): Record<string, Resolver> {
  const variantFor = async (id: string, info: GraphQLResolveInfo) => {
    const node = (await catalogNode({ id }, undefined, info)) as Record<string, unknown> | null;
    if (node?.__typename !== 'ProductVariant') return null;
    return applyOverride(node, (await currentOverrides()).get(id));
  };

  /** The Cart object as the API answers it, priced now, in the operation's language. */
  async function cartNode(cart: StoredCart, info: GraphQLResolveInfo) {
    const lang = localeOf(info);
    const lines = await Promise.all(
      cart.lines.map(async (line) => {
        const variant = await variantFor(line.merchandiseId, info);
        const unit = variant ? toCents((variant.price as { amount: string }).amount) : 0;
        return { line, variant, unit, subtotal: unit * line.quantity };
      }),
    );
    const subtotal = lines.reduce((sum, l) => sum + l.subtotal, 0);
    const codes = cart.discountCodes.map((code) => ({
      __typename: 'CartDiscountCode',
      code,
      applicable: discountCents(code, subtotal) > 0,
    }));
    // Shopify applies the best code; the demo store does the same with its own two.
    const best = codes
      .filter((c) => c.applicable)
      .map((c) => ({ code: c.code, cents: discountCents(c.code, subtotal) }))
      .sort((a, b) => b.cents - a.cents)[0];
    const discount = best?.cents ?? 0;
    const spec = lines.map((l) => `${l.line.merchandiseId.split('/').pop()}:${l.line.quantity}`).join(',');
    const query = `lines=${spec}${best ? `&discount=${encodeURIComponent(best.code)}` : ''}`;
    const allocation = best
      ? [
          {
            __typename: 'CartCodeDiscountAllocation',
            code: best.code,
            discountedAmount: money(discount),
            targetType: 'LINE_ITEM',
            discountApplication: {
              __typename: 'CartDiscountApplication',
              allocationMethod: 'ACROSS',
              targetSelection: 'ALL',
              targetType: 'LINE_ITEM',
              value: money(discount),
            },
          },
        ]
      : [];
    return {
      __typename: 'Cart',
      id: cartGid(cart.token),
      checkoutUrl: `${checkoutOrigin()}${localizePath('/checkout/demo', lang)}?${query}`,
      createdAt: cart.createdAt,
      updatedAt: cart.updatedAt,
      note: cart.note,
      attributes: cart.attributes,
      attribute: (args: Args) => cart.attributes.find((a) => a.key === args.key) ?? null,
      totalQuantity: cart.lines.reduce((sum, l) => sum + l.quantity, 0),
      buyerIdentity: {
        __typename: 'CartBuyerIdentity',
        ...cart.buyerIdentity,
        customer: null,
        deliveryAddressPreferences: [],
      },
      discountCodes: codes,
      discountAllocations: allocation,
      appliedGiftCards: [],
      cost: {
        __typename: 'CartCost',
        subtotalAmount: money(subtotal),
        subtotalAmountEstimated: false,
        totalAmount: money(subtotal - discount),
        totalAmountEstimated: false,
        checkoutChargeAmount: money(subtotal - discount),
        totalTaxAmount: null,
        totalTaxAmountEstimated: false,
        totalDutyAmount: null,
        totalDutyAmountEstimated: false,
      },
      lines: (args: Args) =>
        connection(
          lines.map((l) => ({
            __typename: 'CartLine',
            id: l.line.id,
            quantity: l.line.quantity,
            attributes: l.line.attributes,
            attribute: (a: Args) => l.line.attributes.find((x) => x.key === a.key) ?? null,
            merchandise: l.variant,
            discountAllocations: [],
            sellingPlanAllocation: null,
            cost: {
              __typename: 'CartLineCost',
              amountPerQuantity: money(l.unit),
              compareAtAmountPerQuantity: null,
              subtotalAmount: money(l.subtotal),
              totalAmount: money(l.subtotal),
            },
          })),
          args,
        ),
    };
  }

  type LineInput = { merchandiseId: string; quantity?: number | null; attributes?: Attribute[] | null };

  /** Checks new lines; answers the user errors Shopify gives for unknown, sold-out or bad lines. */
  async function checkLines(inputs: LineInput[], path: string[], info: GraphQLResolveInfo) {
    const errors: UserError[] = [];
    for (const [i, input] of inputs.entries()) {
      const field = [...path, String(i)];
      const quantity = input.quantity ?? 1;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
        errors.push({
          code: 'INVALID',
          field: [...field, 'quantity'],
          message: 'The quantity must be a positive number.',
        });
        continue;
      }
      const variant = await variantFor(input.merchandiseId, info);
      if (!variant) {
        errors.push({
          code: 'INVALID',
          field: [...field, 'merchandiseId'],
          message: `The merchandise with id ${input.merchandiseId} does not exist.`,
        });
      } else if (!variant.availableForSale) {
        errors.push({
          code: 'MERCHANDISE_NOT_APPLICABLE',
          field: [...field, 'merchandiseId'],
          message: `The merchandise with id ${input.merchandiseId} is sold out.`,
        });
      }
    }
    return errors;
  }

  function addLines(cart: StoredCart, inputs: LineInput[]) {
    for (const input of inputs) {
      const attributes = input.attributes ?? [];
      const same = cart.lines.find(
        (l) =>
          l.merchandiseId === input.merchandiseId &&
          JSON.stringify(l.attributes) === JSON.stringify(attributes),
      );
      if (same) same.quantity += input.quantity ?? 1;
      else
        cart.lines.push({
          id: `gid://shopify/CartLine/${crypto.randomUUID()}?cart=${cart.token}`,
          merchandiseId: input.merchandiseId,
          quantity: input.quantity ?? 1,
          attributes,
        });
    }
  }

  const noCart = (): UserError => ({
    code: 'INVALID',
    field: ['cartId'],
    message: 'The specified cart does not exist.',
  });
  const payload = async (cart: StoredCart | null, userErrors: UserError[], info: GraphQLResolveInfo) => {
    if (cart && !userErrors.length) cart.updatedAt = new Date().toISOString();
    return {
      cart: cart && !userErrors.length ? await cartNode(cart, info) : null,
      userErrors,
      warnings: [],
    };
  };
  const codesOf = (list: unknown) => [
    ...new Set(((list as string[] | null) ?? []).map((c) => c.trim()).filter(Boolean)),
  ];

  /** Runs a change on an existing cart; an unknown cart id is a user error. */
  const onCart =
    (
      change: (cart: StoredCart, args: Args, info: GraphQLResolveInfo) => Promise<UserError[]> | UserError[],
    ) =>
    async (args: Args, _ctx: unknown, info: GraphQLResolveInfo) => {
      const cart = carts.get(tokenOf(args.cartId) ?? '');
      if (!cart) return payload(null, [noCart()], info);
      // Work on a copy: a change with user errors leaves the cart as it was.
      const draft = structuredClone(cart);
      const errors = await change(draft, args, info);
      if (!errors.length) carts.set(cart.token, draft);
      return payload(errors.length ? cart : draft, errors, info);
    };

  return {
    cart: async (args, _ctx, info) => {
      const cart = carts.get(tokenOf(args.id) ?? '');
      return cart ? cartNode(cart, info) : null;
    },
    cartCreate: async (args, _ctx, info) => {
      const input = (args.input ?? {}) as {
        lines?: LineInput[] | null;
        discountCodes?: string[] | null;
        buyerIdentity?: { email?: string | null; phone?: string | null; countryCode?: string | null } | null;
        attributes?: Attribute[] | null;
        note?: string | null;
      };
      const lines = input.lines ?? [];
      const errors = await checkLines(lines, ['input', 'lines'], info);
      if (errors.length) return payload(null, errors, info);
      if (carts.size >= MAX_CARTS) carts.delete(carts.keys().next().value as string);
      const now = new Date().toISOString();
      const cart: StoredCart = {
        token: crypto.randomUUID().replaceAll('-', ''),
        lines: [],
        discountCodes: codesOf(input.discountCodes),
        buyerIdentity: {
          email: input.buyerIdentity?.email ?? null,
          phone: input.buyerIdentity?.phone ?? null,
          countryCode: input.buyerIdentity?.countryCode ?? null,
        },
        attributes: input.attributes ?? [],
        note: input.note ?? null,
        createdAt: now,
        updatedAt: now,
      };
      addLines(cart, lines);
      carts.set(cart.token, cart);
      return payload(cart, [], info);
    },
    cartLinesAdd: onCart(async (cart, args, info) => {
      const lines = args.lines as LineInput[];
      const errors = await checkLines(lines, ['lines'], info);
      if (!errors.length) addLines(cart, lines);
      return errors;
    }),
    cartLinesUpdate: onCart(async (cart, args, info) => {
      const updates = args.lines as { id: string; quantity?: number | null; merchandiseId?: string | null }[];
      const errors: UserError[] = [];
      for (const [i, update] of updates.entries()) {
        const line = cart.lines.find((l) => l.id === update.id);
        if (!line) {
          errors.push({
            code: 'INVALID',
            field: ['lines', String(i), 'id'],
            message: `The merchandise line with id ${update.id} does not exist.`,
          });
          continue;
        }
        if (update.merchandiseId) {
          const bad = await checkLines(
            [{ merchandiseId: update.merchandiseId, quantity: 1 }],
            ['lines'],
            info,
          );
          if (bad.length) {
            errors.push(...bad.map((e) => ({ ...e, field: ['lines', String(i), 'merchandiseId'] })));
            continue;
          }
          line.merchandiseId = update.merchandiseId;
        }
        const quantity = update.quantity;
        if (quantity === undefined || quantity === null) continue;
        if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_LINE_QUANTITY) {
          errors.push({
            code: 'INVALID',
            field: ['lines', String(i), 'quantity'],
            message: 'The quantity must be a positive number.',
          });
          continue;
        }
        line.quantity = quantity;
      }
      // Quantity 0 removes the line, as on Shopify.
      cart.lines = cart.lines.filter((l) => l.quantity > 0);
      return errors;
    }),
    cartLinesRemove: onCart((cart, args) => {
      const ids = args.lineIds as string[];
      const errors = ids.flatMap((id, i) =>
        cart.lines.some((l) => l.id === id)
          ? []
          : [
              {
                code: 'INVALID',
                field: ['lineIds', String(i)],
                message: `The merchandise line with id ${id} does not exist.`,
              },
            ],
      );
      cart.lines = cart.lines.filter((l) => !ids.includes(l.id));
      return errors;
    }),
    cartBuyerIdentityUpdate: onCart((cart, args) => {
      const input = args.buyerIdentity as {
        email?: string | null;
        phone?: string | null;
        countryCode?: string | null;
      };
      if (
        input.email !== undefined &&
        input.email !== null &&
        !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)
      ) {
        return [{ code: 'INVALID', field: ['buyerIdentity', 'email'], message: 'Email is invalid' }];
      }
      for (const key of ['email', 'phone', 'countryCode'] as const) {
        if (input[key] !== undefined) cart.buyerIdentity[key] = input[key] ?? null;
      }
      return [];
    }),
    cartDiscountCodesUpdate: onCart((cart, args) => {
      // Replaces the codes; an empty list removes them. Inapplicable codes stay, marked so.
      cart.discountCodes = codesOf(args.discountCodes);
      return [];
    }),
  };
}
