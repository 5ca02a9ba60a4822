import { describe, expect, it } from 'vitest';
import { localRequest } from './index.ts';

/*
 * The local store's Cart API, driven with operations as Hydrogen's skeleton template writes
 * them (fragments on Cart/CartLine, `lines(first:)`, `cost`, `discountCodes`), through the same
 * in-process GraphQL execution every Storefront client of the site uses.
 */

const HOODIE_S_BLACK = 'gid://shopify/ProductVariant/40008'; // 69.00
const MUG = 'gid://shopify/ProductVariant/50001'; // 16.00
const HOODIE_SOLD_OUT = 'gid://shopify/ProductVariant/40010';

const CART_FRAGMENT = /* GraphQL */ `
  fragment Money on MoneyV2 {
    currencyCode
    amount
  }
  fragment CartLine on CartLine {
    id
    quantity
    attributes {
      key
      value
    }
    cost {
      totalAmount {
        ...Money
      }
      amountPerQuantity {
        ...Money
      }
    }
    merchandise {
      ... on ProductVariant {
        id
        availableForSale
        title
        price {
          ...Money
        }
        product {
          handle
          title
        }
        selectedOptions {
          name
          value
        }
      }
    }
  }
  fragment CartApiQuery on Cart {
    id
    checkoutUrl
    totalQuantity
    updatedAt
    buyerIdentity {
      countryCode
      email
      phone
    }
    lines(first: 100) {
      nodes {
        ...CartLine
      }
    }
    cost {
      subtotalAmount {
        ...Money
      }
      totalAmount {
        ...Money
      }
    }
    discountCodes {
      code
      applicable
    }
  }
`;
const USER_ERRORS = 'userErrors { code field message } warnings { code message target }';

type Money = { amount: string; currencyCode: string };
type Cart = {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  buyerIdentity: { countryCode: string | null; email: string | null; phone: string | null };
  lines: {
    nodes: {
      id: string;
      quantity: number;
      cost: { totalAmount: Money };
      merchandise: { id: string; product: { title: string } };
    }[];
  };
  cost: { subtotalAmount: Money; totalAmount: Money };
  discountCodes: { code: string; applicable: boolean }[];
};
type Payload = { cart: Cart | null; userErrors: { code: string; field: string[]; message: string }[] };

const create = async (input: Record<string, unknown>, language = 'EN') =>
  (
    await localRequest<{ cartCreate: Payload }>(
      `mutation cartCreate($input: CartInput!, $language: LanguageCode) @inContext(language: $language) {
        cartCreate(input: $input) { cart { ...CartApiQuery } ${USER_ERRORS} }
      } ${CART_FRAGMENT}`,
      { input, language },
    )
  ).cartCreate;

const mutate = async (name: string, signature: string, call: string, variables: Record<string, unknown>) =>
  (
    await localRequest<Record<string, Payload>>(
      `mutation ${name}(${signature}) { ${name}(${call}) { cart { ...CartApiQuery } ${USER_ERRORS} } } ${CART_FRAGMENT}`,
      variables,
    )
  )[name] as Payload;

describe('local store: Cart API', () => {
  it('creates a cart with lines, cost, discount codes and an absolute checkout URL', async () => {
    const { cart, userErrors } = await create(
      {
        lines: [
          { merchandiseId: HOODIE_S_BLACK, quantity: 2 },
          { merchandiseId: MUG, quantity: 1 },
        ],
        discountCodes: ['welkom10', 'NOPE'],
        buyerIdentity: { countryCode: 'DE' },
      },
      'DE',
    );
    expect(userErrors).toEqual([]);
    expect(cart?.totalQuantity).toBe(3);
    expect(cart?.lines.nodes.map((l) => [l.merchandise.id, l.quantity, l.cost.totalAmount.amount])).toEqual([
      [HOODIE_S_BLACK, 2, '138.00'],
      [MUG, 1, '16.00'],
    ]);
    expect(cart?.lines.nodes[1]?.merchandise.product.title).toBe('Einheit-Becher');
    expect(cart?.cost.subtotalAmount).toEqual({ amount: '154.00', currencyCode: 'EUR' });
    // WELKOM10 gives 10 %; an unknown code stays on the cart, marked inapplicable.
    expect(cart?.cost.totalAmount.amount).toBe('138.60');
    expect(cart?.discountCodes).toEqual([
      { code: 'welkom10', applicable: true },
      { code: 'NOPE', applicable: false },
    ]);
    expect(cart?.buyerIdentity.countryCode).toBe('DE');
    const url = new URL(cart?.checkoutUrl ?? '');
    expect(url.protocol).toMatch(/^https?:$/);
    expect(url.pathname).toBe('/de/checkout/demo');
    expect(url.searchParams.get('lines')).toBe('40008:2,50001:1');
    expect(url.searchParams.get('discount')).toBe('welkom10');
  });

  it('reads a cart back by id, and answers null for an unknown one', async () => {
    const { cart } = await create({ lines: [{ merchandiseId: MUG, quantity: 3 }] });
    const read = async (id: string) =>
      (
        await localRequest<{ cart: Cart | null }>(
          `query cart($cartId: ID!) { cart(id: $cartId) { ...CartApiQuery } } ${CART_FRAGMENT}`,
          { cartId: id },
        )
      ).cart;
    expect((await read(cart?.id ?? ''))?.cost.subtotalAmount.amount).toBe('48.00');
    expect(await read('gid://shopify/Cart/does-not-exist')).toBeNull();
  });

  it('adds, updates and removes lines, with user errors for bad ids and quantities', async () => {
    const { cart } = await create({ lines: [{ merchandiseId: MUG, quantity: 1 }] });
    const cartId = cart?.id;
    const add = (lines: unknown) =>
      mutate('cartLinesAdd', '$cartId: ID!, $lines: [CartLineInput!]!', 'cartId: $cartId, lines: $lines', {
        cartId,
        lines,
      });
    const added = await add([
      { merchandiseId: HOODIE_S_BLACK, quantity: 1 },
      { merchandiseId: MUG, quantity: 2 },
    ]);
    expect(added.cart?.lines.nodes.map((l) => [l.merchandise.id, l.quantity])).toEqual([
      [MUG, 3],
      [HOODIE_S_BLACK, 1],
    ]);
    const soldOut = await add([{ merchandiseId: HOODIE_SOLD_OUT, quantity: 1 }]);
    expect(soldOut.cart).toBeNull();
    expect(soldOut.userErrors[0]).toMatchObject({
      code: 'MERCHANDISE_NOT_APPLICABLE',
      field: ['lines', '0', 'merchandiseId'],
    });
    const unknown = await add([{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 1 }]);
    expect(unknown.userErrors[0]?.code).toBe('INVALID');
    const negative = await add([{ merchandiseId: MUG, quantity: -1 }]);
    expect(negative.userErrors[0]?.field).toEqual(['lines', '0', 'quantity']);

    const [mugLine, hoodieLine] = added.cart?.lines.nodes ?? [];
    const update = (lines: unknown) =>
      mutate(
        'cartLinesUpdate',
        '$cartId: ID!, $lines: [CartLineUpdateInput!]!',
        'cartId: $cartId, lines: $lines',
        {
          cartId,
          lines,
        },
      );
    const updated = await update([
      { id: mugLine?.id, quantity: 5 },
      { id: hoodieLine?.id, quantity: 0 },
    ]);
    expect(updated.userErrors).toEqual([]);
    expect(updated.cart?.lines.nodes.map((l) => [l.merchandise.id, l.quantity])).toEqual([[MUG, 5]]);
    const badUpdate = await update([{ id: 'gid://shopify/CartLine/nope', quantity: 1 }]);
    expect(badUpdate.userErrors[0]).toMatchObject({ code: 'INVALID', field: ['lines', '0', 'id'] });
    // A refused change leaves the cart as it was.
    const refused = await update([
      { id: mugLine?.id, quantity: 9 },
      { id: mugLine?.id, quantity: -3 },
    ]);
    expect(refused.cart).toBeNull();

    const remove = (lineIds: unknown) =>
      mutate('cartLinesRemove', '$cartId: ID!, $lineIds: [ID!]!', 'cartId: $cartId, lineIds: $lineIds', {
        cartId,
        lineIds,
      });
    expect((await remove(['gid://shopify/CartLine/nope'])).userErrors[0]?.code).toBe('INVALID');
    const removed = await remove([mugLine?.id]);
    expect(removed.cart?.totalQuantity).toBe(0);
    expect(removed.cart?.cost.totalAmount.amount).toBe('0.00');
  });

  it('answers a user error for a cart id that does not exist', async () => {
    const result = await mutate(
      'cartLinesAdd',
      '$cartId: ID!, $lines: [CartLineInput!]!',
      'cartId: $cartId, lines: $lines',
      { cartId: 'gid://shopify/Cart/nope', lines: [{ merchandiseId: MUG, quantity: 1 }] },
    );
    expect(result).toMatchObject({ cart: null, userErrors: [{ code: 'INVALID', field: ['cartId'] }] });
  });

  it('updates buyer identity and discount codes; a code below its minimum is not applicable', async () => {
    const { cart } = await create({ lines: [{ merchandiseId: MUG, quantity: 1 }] });
    const cartId = cart?.id;
    const identity = await mutate(
      'cartBuyerIdentityUpdate',
      '$cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!',
      'cartId: $cartId, buyerIdentity: $buyerIdentity',
      { cartId, buyerIdentity: { email: 'a@example.com', countryCode: 'NL' } },
    );
    expect(identity.cart?.buyerIdentity).toEqual({ countryCode: 'NL', email: 'a@example.com', phone: null });
    const badEmail = await mutate(
      'cartBuyerIdentityUpdate',
      '$cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!',
      'cartId: $cartId, buyerIdentity: $buyerIdentity',
      { cartId, buyerIdentity: { email: 'not an address' } },
    );
    expect(badEmail.userErrors[0]?.field).toEqual(['buyerIdentity', 'email']);
    const codes = (discountCodes: string[]) =>
      mutate(
        'cartDiscountCodesUpdate',
        '$cartId: ID!, $discountCodes: [String!]!',
        'cartId: $cartId, discountCodes: $discountCodes',
        { cartId, discountCodes },
      );
    // LICHT5 needs a subtotal of 25 euro; the mug alone is 16.
    const below = await codes(['LICHT5']);
    expect(below.cart?.discountCodes).toEqual([{ code: 'LICHT5', applicable: false }]);
    expect(below.cart?.cost.totalAmount.amount).toBe('16.00');
    await mutate(
      'cartLinesAdd',
      '$cartId: ID!, $lines: [CartLineInput!]!',
      'cartId: $cartId, lines: $lines',
      {
        cartId,
        lines: [{ merchandiseId: MUG, quantity: 1 }],
      },
    );
    const read = await codes(['LICHT5']);
    expect(read.cart?.discountCodes).toEqual([{ code: 'LICHT5', applicable: true }]);
    expect(read.cart?.cost.totalAmount.amount).toBe('27.00');
    expect((await codes([])).cart?.discountCodes).toEqual([]);
  });
});
