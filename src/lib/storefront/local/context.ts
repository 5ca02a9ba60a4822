import type { GraphQLResolveInfo, ValueNode } from 'graphql';
import type { Locale } from '../../../i18n/locales.ts';

const languages: Record<string, Locale> = { NL: 'nl', EN: 'en', DE: 'de' };

function argumentValue(node: ValueNode | undefined, variables: Record<string, unknown>): unknown {
  if (!node) return undefined;
  if (node.kind === 'Variable') return variables[node.name.value];
  if (node.kind === 'EnumValue' || node.kind === 'StringValue') return node.value;
  return undefined;
}

/**
 * The site language an operation asked for with `@inContext(language: ...)`, as Shopify reads it:
 * NL -> nl, DE -> de, anything else (or none) -> en.
 */
export function localeOf(info: GraphQLResolveInfo): Locale {
  const directive = info.operation.directives?.find((d) => d.name.value === 'inContext');
  const arg = directive?.arguments?.find((a) => a.name.value === 'language');
  const value = argumentValue(arg?.value, info.variableValues as Record<string, unknown>);
  return (typeof value === 'string' && languages[value]) || 'en';
}

/** Connections (first/after, last/before) as Shopify answers them: ./connection.ts. */
export { connection } from './product-query.ts';
