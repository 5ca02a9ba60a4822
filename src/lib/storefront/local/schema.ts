import schemaJson from '@shopify/hydrogen-react/storefront.schema.json' with { type: 'json' };
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

let schema: GraphQLSchema | undefined;

/** Shopify's Storefront API schema as shipped in @shopify/hydrogen-react, built once. */
export function storefrontSchema(): GraphQLSchema {
  schema ??= buildClientSchema(schemaJson as unknown as IntrospectionQuery);
  return schema;
}
