/*
 * Shopify's v1 encoding of option value combinations (Product.encodedVariantExistence and
 * encodedVariantAvailability): a trie of option value indices, `:` opens the next option, `,`
 * closes a prefix, ` ` separates values of a gap, `-` a range. The inverse of hydrogen-react's
 * decodeEncodedVariant.
 */
type Trie = Map<number, Trie>;

function leaves(values: number[]): string {
  const groups: string[] = [];
  let start = values[0] as number;
  let prev = start;
  for (const v of [...values.slice(1), Number.NaN]) {
    if (v === prev + 1) {
      prev = v;
      continue;
    }
    groups.push(start === prev ? String(start) : `${start}-${prev}`);
    start = v;
    prev = v;
  }
  return groups.join(' ');
}

function encodeNode(node: Trie, top: boolean): string {
  const keys = [...node.keys()].sort((a, b) => a - b);
  const isLeafLevel = keys.every((k) => (node.get(k) as Trie).size === 0);
  if (isLeafLevel) return top ? leaves(keys) : `${leaves(keys)},`;
  const inner = keys.map((k) => `${k}:${encodeNode(node.get(k) as Trie, false)}`).join('');
  return top ? inner : `${inner},`;
}

/** Encodes combinations of option value indices, e.g. [[0,0],[0,1],[1,0]] -> "v1_0:0-1,1:0,". */
export function encodeVariants(combinations: number[][]): string {
  const root: Trie = new Map();
  for (const combination of combinations) {
    let node = root;
    for (const index of combination) {
      let next = node.get(index);
      if (!next) {
        next = new Map();
        node.set(index, next);
      }
      node = next;
    }
  }
  return `v1_${root.size ? encodeNode(root, true) : ''}`;
}
