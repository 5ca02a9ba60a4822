/**
 * Realtime `postgres_changes` filters (`column=op.value`), evaluated against the row that the
 * subscriber was allowed to read. Values compare as text, numbers numerically.
 */
export type RowFilter = { column: string; op: string; value: string };

const OPS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

export function parseFilter(filter: string | undefined): RowFilter | null | 'invalid' {
  if (!filter) return null;
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=([a-z]+)\.(.*)$/s.exec(filter);
  if (!m || !OPS.has(m[2] as string)) return 'invalid';
  return { column: m[1] as string, op: m[2] as string, value: m[3] as string };
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function compare(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function matchesFilter(filter: RowFilter | null, row: Record<string, unknown>): boolean {
  if (!filter) return true;
  const actual = asText(row[filter.column]);
  switch (filter.op) {
    case 'eq':
      return actual === filter.value;
    case 'neq':
      return actual !== filter.value;
    case 'lt':
      return compare(actual, filter.value) < 0;
    case 'lte':
      return compare(actual, filter.value) <= 0;
    case 'gt':
      return compare(actual, filter.value) > 0;
    case 'gte':
      return compare(actual, filter.value) >= 0;
    case 'in':
      return filter.value
        .replace(/^\(|\)$/g, '')
        .split(',')
        .map((v) => v.trim().replace(/^"|"$/g, ''))
        .includes(actual);
    default:
      return false;
  }
}
