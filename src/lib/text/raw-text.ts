/** What makes a parsed JSON value unfit to reach PostgreSQL, or null when it is fine. */
export type RawTextFault = 'nesting' | 'nul' | 'unicode';

/**
 * Text PostgreSQL cannot store (NUL bytes, lone UTF-16 surrogates) or nesting deeper than
 * `maxDepth`, in strings, keys and values at any depth: found before a body reaches a query, so
 * the caller answers 4xx, never a database error. Shared by the site's endpoints and the local
 * stack's gateway, which phrase the fault each in their own way.
 */
export function rawTextFault(value: unknown, maxDepth: number, depth = 0): RawTextFault | null {
  if (depth > maxDepth) return 'nesting';
  if (typeof value === 'string') {
    if (value.includes('\0')) return 'nul';
    if (!value.isWellFormed()) return 'unicode';
    return null;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const fault = rawTextFault(item, maxDepth, depth + 1);
      if (fault) return fault;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const fault = rawTextFault(key, maxDepth, depth + 1) ?? rawTextFault(item, maxDepth, depth + 1);
      if (fault) return fault;
    }
  }
  return null;
}
