import {
  defaultFieldResolver,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';

/*
 * The local store holds data for a part of Shopify's schema. For everything else it answers as
 * Shopify does for a store without such data: null where the schema allows it, otherwise an empty
 * list, an empty connection, false, 0 or an empty string, never a resolver crash.
 */

const scalarDefaults: Record<string, unknown> = {
  Boolean: false,
  Int: 0,
  Float: 0,
  String: '',
  ID: '',
  HTML: '',
  URL: '',
  Decimal: '0.0',
  DateTime: '1970-01-01T00:00:00Z',
  JSON: {},
  Color: '#000000',
  UnsignedInt64: '0',
};

/** What an absent non-null value of a type becomes (objects resolve their own fields again). */
function emptyValue(type: GraphQLOutputType): unknown {
  if (!isNonNullType(type)) return null;
  const inner = type.ofType;
  if (isListType(inner)) return [];
  if (isScalarType(inner)) return scalarDefaults[inner.name] ?? '';
  if (isEnumType(inner)) return inner.getValues()[0]?.value ?? null;
  const named = getNamedType(inner);
  if (isObjectType(named)) {
    if (named.name === 'PageInfo')
      return { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null };
    return { __typename: named.name };
  }
  return null;
}

/** graphql-js's default resolver with Shopify's empty answers for fields the store has no data for. */
export const shopifyFieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  const value = defaultFieldResolver(source, args, context, info);
  // null where the schema forbids it (e.g. an author without an e-mail) becomes the empty value too.
  if (value == null) return emptyValue(info.returnType);
  if (value instanceof Promise) return value.then((v) => (v == null ? emptyValue(info.returnType) : v));
  return value;
};
