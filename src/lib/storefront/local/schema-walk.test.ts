import {
  type GraphQLField,
  type GraphQLObjectType,
  getNamedType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isUnionType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { storefrontSchema } from './schema.ts';
import { answerGraphQL } from './server.ts';

/*
 * Every field of Shopify's schema reachable from the objects the local store holds, two levels
 * deep: answered with data or as an empty store would (null, [], empty connection), never with an
 * error.
 */
const requiredArgs: Record<string, string> = {
  key: '"title_en"',
  namespace: '"translations"',
  identifiers: '[{ namespace: "translations", key: "title_en" }]',
  selectedOptions: '[{ name: "Size", value: "M" }]',
  handle: '"x"',
};

function args(field: GraphQLField<unknown, unknown>): string | null {
  const parts: string[] = [];
  for (const arg of field.args) {
    const required = isNonNullType(arg.type) && arg.defaultValue === undefined;
    if (arg.name === 'first') parts.push('first: 3');
    else if (required) {
      const value = requiredArgs[arg.name];
      if (!value) return null;
      parts.push(`${arg.name}: ${value}`);
    }
  }
  return parts.length ? `(${parts.join(', ')})` : '';
}

function selection(type: GraphQLObjectType, depth: number): string {
  const out: string[] = ['__typename'];
  for (const field of Object.values(type.getFields())) {
    const a = args(field);
    if (a === null) continue;
    const named = getNamedType(field.type);
    if (isObjectType(named)) {
      if (depth > 0) out.push(`${field.name}${a} { ${selection(named, depth - 1)} }`);
    } else if (isInterfaceType(named) || isUnionType(named)) {
      out.push(`${field.name}${a} { __typename }`);
    } else out.push(`${field.name}${a}`);
  }
  return out.join(' ');
}

const type = (name: string) => storefrontSchema().getType(name) as GraphQLObjectType;

describe('every reachable field answers without an error', () => {
  it.each([
    ['product(handle: "chosen-ones-hoodie")', 'Product'],
    ['product(handle: "trinity-transformatie")', 'Product'],
    ['collection(handle: "alle-kleding")', 'Collection'],
    ['shop', 'Shop'],
    ['localization', 'Localization'],
    ['menu(handle: "main-menu")', 'Menu'],
    ['page(handle: "about")', 'Page'],
    ['pages(first: 3)', 'PageConnection'],
    ['blog(handle: "ego-to-eden")', 'Blog'],
    ['products(first: 3)', 'ProductConnection'],
    ['collections(first: 3)', 'CollectionConnection'],
    ['articles(first: 3)', 'ArticleConnection'],
  ])('%s', async (field, typeName) => {
    for (const language of ['NL', 'EN', 'DE']) {
      const query = `query @inContext(language: ${language}, country: DE) { root: ${field} { ${selection(type(typeName), 2)} } }`;
      const { status, body } = await answerGraphQL({ query });
      expect(status).toBe(200);
      expect((body as { errors?: unknown }).errors).toBeUndefined();
      expect((body as { data: { root: unknown } }).data.root).not.toBeNull();
    }
  });
});
