import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { freshUser, url } from '../helpers.ts';
import { HUGE_STRING, NUMBER_FUZZ } from './endpoint-kit.ts';

/**
 * Issue 25, class 5, for the database functions the browser can reach: every function in
 * `public` that anon or a member may execute (found in pg_proc, so a new function is covered
 * without a new case) is called through PostgREST with each numeric argument set to 2^31, 2^40,
 * -1, 1e308 and NaN, and each text argument to 100 KB. Every answer is a 4xx or a success, never a
 * 5xx.
 */
type Fn = { name: string; args: { name: string; type: string }[]; anon: boolean };
let functions: Fn[] = [];
let member: string;

beforeAll(async () => {
  const db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
  try {
    const { rows } = await db.query<{ name: string; names: string[] | null; types: string[]; anon: boolean }>(
      `select p.proname as name, p.proargnames as names,
              array(select format_type(t, null) from unnest(p.proargtypes) t) as types,
              has_function_privilege('anon', p.oid, 'execute') as anon
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'
          and p.prorettype <> 'trigger'::regtype
          and has_function_privilege('authenticated', p.oid, 'execute')
          and p.pronargs = cardinality(coalesce(p.proargnames, '{}'))
        order by 1`,
    );
    functions = rows.map((r) => ({
      name: r.name,
      anon: r.anon,
      args: r.types.map((type, i) => ({ name: r.names?.[i] ?? `arg${i}`, type })),
    }));
  } finally {
    await db.end();
  }
  const user = await freshUser();
  member = (await user.db.auth.getSession()).data.session?.access_token ?? '';
});

const NUMERIC = /^(smallint|integer|bigint|numeric|real|double precision)$/;
const TEXTUAL = /^(text|character varying|citext|character)$/;
function sample(type: string): unknown {
  if (NUMERIC.test(type)) return 1;
  if (TEXTUAL.test(type)) return 'x';
  if (type === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (type === 'boolean') return true;
  if (type === 'jsonb' || type === 'json') return {};
  if (type.endsWith('[]')) return [];
  if (type.startsWith('timestamp')) return new Date().toISOString();
  return null;
}

describe('every database function the browser can call answers bad numbers and long text with 4xx', () => {
  it('finds the functions (positive control)', () => {
    expect(functions.length).toBeGreaterThan(10);
    expect(functions.some((f) => f.args.some((a) => NUMERIC.test(a.type)))).toBe(true);
  });

  it('each numeric and text argument fuzzed, as a member and as anon: never 5xx', async () => {
    const failures: string[] = [];
    for (const fn of functions) {
      const base = Object.fromEntries(fn.args.map((a) => [a.name, sample(a.type)]));
      for (const arg of fn.args) {
        const values = NUMERIC.test(arg.type) ? NUMBER_FUZZ : TEXTUAL.test(arg.type) ? [HUGE_STRING] : [];
        for (const value of values) {
          for (const who of fn.anon ? ['member', 'anon'] : ['member']) {
            const key = inject('supabaseAnonKey');
            const res = await fetch(`${url()}/rest/v1/rpc/${fn.name}`, {
              method: 'POST',
              headers: {
                apikey: key,
                authorization: `Bearer ${who === 'member' ? member : key}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ ...base, [arg.name]: value }),
            });
            if (res.status >= 500) {
              const label = typeof value === 'string' && value.length > 100 ? '100 KB' : String(value);
              failures.push(
                `${who} ${fn.name}(${arg.name}=${label}): ${res.status} ${(await res.text()).slice(0, 120)}`,
              );
            } else await res.body?.cancel();
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
