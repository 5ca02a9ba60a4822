import schemaJson from '@shopify/hydrogen-react/storefront.schema.json' with { type: 'json' };
import { type DocumentNode, Kind, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { storefrontSchema } from './local/schema.ts';
import { STOREFRONT_API_VERSION } from './version.ts';

// Every exported operation of every module in ./operations/, including ones added later.
const modules = import.meta.glob<Record<string, unknown>>('./operations/*.ts', { eager: true });
const operations = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && /^\s*(query|mutation)\b/m.test(entry[1]),
    )
    .map(([name, source]) => ({ name: `${file.replace('./operations/', '')}:${name}`, source })),
);

describe('storefront operations', () => {
  it('finds the operations', () => {
    const names = operations.map((o) => o.name);
    expect(names).toContain('products.ts:PRODUCT_BY_HANDLE_QUERY');
    expect(names).toContain('cart.ts:CART_CREATE_MUTATION');
  });

  it.each(operations)('$name is valid against the Storefront API schema', ({ source }) => {
    const document: DocumentNode = parse(source);
    expect(validate(storefrontSchema(), document).map((e) => e.message)).toEqual([]);
    const definitions = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    expect(definitions).toHaveLength(1);
  });

  it('pins the API version of the shipped schema', () => {
    const types = (schemaJson as { __schema: { types: { name: string; description?: string | null }[] } })
      .__schema.types;
    // hydrogen-react 2026.4.x ships Storefront API 2026-04; a bump of one must bump the other.
    expect(STOREFRONT_API_VERSION).toBe('2026-04');
    expect(types.some((t) => t.name === 'Cart')).toBe(true);
    expect(types.some((t) => t.name === 'Checkout')).toBe(false);
  });
});
