import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Finds the zod schemas each endpoint of src/pages/api reads its input with, and walks them, so
 * the attack suite covers a new endpoint (or a new field) without a new case: the exported zod
 * schemas of the feature modules a route imports, and of the modules those import from their
 * own folder (a handler's `./schema.ts`).
 */
const root = process.cwd();
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;

function featureImports(file: string, depth: number, seen: Set<string>): string[] {
  if (depth < 0 || seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, spec] of source.matchAll(/from '((?:~\/features|\.\.?)\/[^']+\.ts)'/g)) {
    if (!spec) continue;
    const target = spec.startsWith('~/') ? join(root, 'src', spec.slice(2)) : resolve(dirname(file), spec);
    if (!target.includes(`${join(root, 'src', 'features')}/`)) continue;
    found.push(target, ...featureImports(target, depth - 1, seen));
  }
  return found;
}

/** name -> schema, for the route file (relative to src/pages/api). */
export async function routeSchemas(routeFile: string): Promise<Map<string, z.ZodType>> {
  const schemas = new Map<string, z.ZodType>();
  const modules = featureImports(join(root, 'src/pages/api', routeFile), 2, new Set());
  for (const path of new Set(modules)) {
    const mod = (await import(path)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (value instanceof z.ZodType) schemas.set(name, value);
    }
  }
  return schemas;
}

type Node = Record<string, unknown> & { type?: string | string[] };
const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as unknown as Node;

function children(node: Node): [string, Node][] {
  const out: [string, Node][] = [];
  for (const [key, value] of Object.entries((node['properties'] as Record<string, Node>) ?? {}))
    out.push([`.${key}`, value]);
  if (node['items'] && typeof node['items'] === 'object') out.push(['[]', node['items'] as Node]);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const [i, value] of ((node[key] as Node[]) ?? []).entries()) out.push([`|${i}`, value]);
  return out;
}

/**
 * What a client could send that no bound limits: a string without a maximum length, a number
 * without both limits or wider than PostgreSQL's int4, an array without a maximum size.
 */
export function unboundedFields(schema: z.ZodType): string[] {
  const problems: string[] = [];
  const walk = (node: Node, path: string) => {
    if (node['const'] !== undefined || node['enum']) return;
    const types = [node.type ?? []].flat();
    if (types.includes('string') && node['maxLength'] === undefined && node['format'] !== 'uuid')
      problems.push(`${path || '.'}: a string without .max()`);
    if (types.includes('integer') || types.includes('number')) {
      const max = (node['maximum'] ?? node['exclusiveMaximum']) as number | undefined;
      const min = (node['minimum'] ?? node['exclusiveMinimum']) as number | undefined;
      if (max === undefined || min === undefined || max > INT4_MAX || min < INT4_MIN)
        problems.push(`${path || '.'}: a number outside int4 (min ${min}, max ${max})`);
    }
    if (types.includes('array') && node['maxItems'] === undefined)
      problems.push(`${path || '.'}: an array without .max()`);
    for (const [step, child] of children(node)) walk(child, path + step);
  };
  walk(jsonSchema(schema), '');
  return problems;
}

/** A plausible value for a schema node (constants, first enum member, minimum, 'x'). */
function sample(node: Node): unknown {
  if (node['const'] !== undefined) return node['const'];
  if (Array.isArray(node['enum'])) return node['enum'][0];
  if (node['default'] !== undefined) return node['default'];
  const union = (node['anyOf'] ?? node['oneOf']) as Node[] | undefined;
  if (union?.[0]) return sample(union[0]);
  const type = [node.type ?? []].flat()[0];
  if (type === 'object')
    return Object.fromEntries(children(node).map(([step, child]) => [step.slice(1), sample(child)]));
  if (type === 'array') return [sample((node['items'] as Node) ?? {})];
  if (type === 'integer' || type === 'number') return (node['minimum'] as number | undefined) ?? 1;
  if (type === 'boolean') return true;
  if (node['format'] === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (node['format'] === 'email') return 'a@example.com';
  return 'x';
}

export const NUMBER_FUZZ: unknown[] = [2 ** 31, 2 ** 40, -1, 1e308, 'NaN', '1e308', -(2 ** 40)];
export const HUGE_STRING = 'x'.repeat(100_000);

/**
 * Bodies (or flat queries) that differ from a sample of each union branch in one leaf: every
 * numeric leaf set to each NUMBER_FUZZ value, every string leaf to 100 KB.
 */
export function fuzzedInputs(schema: z.ZodType): { label: string; value: Record<string, unknown> }[] {
  const root = jsonSchema(schema);
  const branches = ((root['oneOf'] ?? root['anyOf']) as Node[] | undefined) ?? [root];
  const out: { label: string; value: Record<string, unknown> }[] = [];
  for (const branch of branches) {
    const base = sample(branch);
    if (!base || typeof base !== 'object' || Array.isArray(base)) continue;
    const visit = (node: Node, path: (string | number)[]) => {
      const types = [node.type ?? []].flat();
      const set = (label: string, value: unknown) => {
        const copy = structuredClone(base) as Record<string, unknown>;
        let target: Record<string | number, unknown> = copy;
        for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
        target[path.at(-1) as string | number] = value;
        out.push({ label: `${path.join('.')}=${label}`, value: copy });
      };
      if (path.length && (types.includes('integer') || types.includes('number')))
        for (const n of NUMBER_FUZZ) set(String(n), n);
      if (path.length && types.includes('string')) set('100 KB', HUGE_STRING);
      for (const [step, child] of children(node)) {
        if (step.startsWith('|')) continue;
        visit(child, [...path, step === '[]' ? 0 : step.slice(1)]);
      }
    };
    visit(branch, []);
  }
  return out;
}
