import type pg from 'pg';

/** Renders Supabase's `Database` type for one schema from the PostgreSQL catalog. */
const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
  record: 'Record<string, unknown>',
};

type Column = {
  table: string;
  name: string;
  type: string;
  elem: string | null;
  nullable: boolean;
  has_default: boolean;
  identity: boolean;
  generated: boolean;
  kind: string;
};
type Fk = {
  name: string;
  table: string;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
  one_to_one: boolean;
};
type Fn = {
  name: string;
  args: string[] | null;
  arg_types: string[] | null;
  arg_defaults: number;
  returns: string;
  returns_set: boolean;
  returns_table: string | null;
};

export async function renderTypes(db: pg.Client, schema: string): Promise<string> {
  const enums = await db.query<{ name: string; labels: string[] }>(
    `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
       from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = $1 group by t.typname order by t.typname`,
    [schema],
  );
  const enumNames = new Set(enums.rows.map((e) => e.name));
  const tsType = (type: string, elem: string | null): string => {
    if (elem) return `${tsType(elem, null)}[]`;
    if (enumNames.has(type)) return `Database['${schema}']['Enums']['${type}']`;
    return SCALARS[type] ?? 'string';
  };

  const columns = await db.query<Column>(
    `select c.relname as table, a.attname as name, t.typname as type,
            case when t.typelem <> 0 and t.typlen = -1 then et.typname end as elem,
            not a.attnotnull as nullable, a.atthasdef as has_default, a.attidentity <> '' as identity,
            a.attgenerated <> '' as generated, c.relkind::text as kind
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid left join pg_type et on et.oid = t.typelem
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attname`,
    [schema],
  );
  const fks = await db.query<Fk>(
    `select con.conname as name, c.relname as table, rc.relname as ref_table,
            array(select attname from unnest(con.conkey) with ordinality k(n, i)
                   join pg_attribute on attrelid = con.conrelid and attnum = k.n order by k.i)::text[] as columns,
            array(select attname from unnest(con.confkey) with ordinality k(n, i)
                   join pg_attribute on attrelid = con.confrelid and attnum = k.n order by k.i)::text[] as ref_columns,
            exists (select 1 from pg_index ix where ix.indrelid = con.conrelid and ix.indisunique
                     and ix.indkey::int2[] @> con.conkey and array_length(ix.indkey::int2[], 1) = array_length(con.conkey, 1)) as one_to_one
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
      where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1
      order by c.relname, con.conname`,
    [schema],
  );
  const fns = await db.query<Fn>(
    `select p.proname as name, p.proargnames::text[] as args,
            array(select ty.typname from unnest(p.proargtypes) with ordinality a(t, i) join pg_type ty on ty.oid = a.t order by a.i)::text[] as arg_types,
            p.pronargdefaults as arg_defaults, rt.typname as returns, p.proretset as returns_set,
            case when rt.typtype = 'c' then rt.typname end as returns_table
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f' and rt.typname <> 'trigger'
        and has_function_privilege('authenticated', p.oid, 'execute')
      order by p.proname`,
    [schema],
  );

  const byTable = new Map<string, { kind: string; cols: Column[] }>();
  for (const col of columns.rows) {
    const entry = byTable.get(col.table) ?? { kind: col.kind, cols: [] };
    entry.cols.push(col);
    byTable.set(col.table, entry);
  }
  const pad = (n: number) => ' '.repeat(n);
  const rels = (table: string) =>
    fks.rows
      .filter((fk) => fk.table === table)
      .map(
        (fk) =>
          `${pad(10)}{\n${pad(12)}foreignKeyName: '${fk.name}';\n${pad(12)}columns: [${fk.columns.map((c) => `'${c}'`).join(', ')}];\n` +
          `${pad(12)}isOneToOne: ${fk.one_to_one};\n${pad(12)}referencedRelation: '${fk.ref_table}';\n` +
          `${pad(12)}referencedColumns: [${fk.ref_columns.map((c) => `'${c}'`).join(', ')}];\n${pad(10)}},`,
      )
      .join('\n');
  const block = (cols: Column[], mode: 'Row' | 'Insert' | 'Update') =>
    cols
      .filter((c) => mode === 'Row' || !c.generated)
      .map((c) => {
        const t = tsType(c.type, c.elem) + (c.nullable ? ' | null' : '');
        const optional =
          mode === 'Update' || (mode === 'Insert' && (c.nullable || c.has_default || c.identity));
        return `${pad(10)}${c.name}${optional ? '?' : ''}: ${t};`;
      })
      .join('\n');
  const relation = (name: string, cols: Column[], view: boolean) => {
    const parts = [`${pad(8)}Row: {\n${block(cols, 'Row')}\n${pad(8)}};`];
    if (!view) {
      parts.push(`${pad(8)}Insert: {\n${block(cols, 'Insert')}\n${pad(8)}};`);
      parts.push(`${pad(8)}Update: {\n${block(cols, 'Update')}\n${pad(8)}};`);
    }
    const r = rels(name);
    parts.push(r ? `${pad(8)}Relationships: [\n${r}\n${pad(8)}];` : `${pad(8)}Relationships: [];`);
    return `${pad(6)}${name}: {\n${parts.join('\n')}\n${pad(6)}};`;
  };
  const tables = [...byTable].filter(([, v]) => v.kind === 'r' || v.kind === 'p');
  const views = [...byTable].filter(([, v]) => v.kind === 'v' || v.kind === 'm');
  const fnText = fns.rows.map((f) => {
    const names = f.args ?? [];
    const types = f.arg_types ?? [];
    const firstDefault = types.length - f.arg_defaults;
    const args = types.length
      ? `{\n${types.map((t, i) => `${pad(10)}${names[i] ?? `arg${i}`}${i >= firstDefault ? '?' : ''}: ${t.startsWith('_') ? `${tsType(t.slice(1), null)}[]` : tsType(t, null)};`).join('\n')}\n${pad(8)}}`
      : 'Record<PropertyKey, never>';
    const base =
      f.returns_table && byTable.has(f.returns_table)
        ? `Database['${schema}']['Tables']['${f.returns_table}']['Row']`
        : tsType(f.returns, null);
    return `${pad(6)}${f.name}: {\n${pad(8)}Args: ${args};\n${pad(8)}Returns: ${f.returns_set ? `${base}[]` : base};\n${pad(6)}};`;
  });
  const never = `{\n${pad(6)}[_ in never]: never;\n${pad(4)}}`;
  const section = (items: string[]) => (items.length ? `{\n${items.join('\n')}\n${pad(4)}}` : never);

  return `// Generated by \`npm run db:types\` (supabase/local/gen-types.ts) from supabase/migrations. Do not edit.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  __InternalSupabase: {
    PostgrestVersion: '12';
  };
  ${schema}: {
    Tables: ${section(tables.map(([n, v]) => relation(n, v.cols, false)))};
    Views: ${section(views.map(([n, v]) => relation(n, v.cols, true)))};
    Functions: ${section(fnText)};
    Enums: ${section(enums.rows.map((e) => `${pad(6)}${e.name}: ${e.labels.map((l) => `'${l}'`).join(' | ')};`))};
    CompositeTypes: ${never};
  };
};

type PublicSchema = Database['${schema}'];
export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
export type Enums<T extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][T];
`;
}
