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
 * EN -> en, DE -> de; NL, none or a language the shop does not offer -> nl, the shop's primary
 * language (Shopify answers untranslated content then).
 */
export function localeOf(info: GraphQLResolveInfo): Locale {
  const directive = info.operation.directives?.find((d) => d.name.value === 'inContext');
  const arg = directive?.arguments?.find((a) => a.name.value === 'language');
  const value = argumentValue(arg?.value, info.variableValues as Record<string, unknown>);
  return (typeof value === 'string' && languages[value]) || 'nl';
}

/** A connection (nodes, edges, pageInfo) over a list, honouring first/after like Shopify. */
export function connection<T>(list: readonly T[], args: { first?: number | null; after?: string | null }) {
  const start = args.after ? Number(Buffer.from(args.after, 'base64url').toString()) + 1 : 0;
  const first = args.first ?? list.length;
  const slice = list.slice(start, start + first);
  const cursor = (i: number) => Buffer.from(String(start + i)).toString('base64url');
  return {
    nodes: slice,
    edges: slice.map((node, i) => ({ node, cursor: cursor(i) })),
    pageInfo: {
      hasNextPage: start + first < list.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? cursor(0) : null,
      endCursor: slice.length ? cursor(slice.length - 1) : null,
    },
  };
}
