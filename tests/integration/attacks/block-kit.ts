import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { serviceClient } from '../helpers.ts';

/**
 * Catalog discovery and probes for the block suite (blocks.test.ts). A "probe" writes something
 * that points at another person, or at their post or comment, and records what came back. A
 * block holds when pointing at someone in a block with the writer answers exactly like pointing
 * at someone who does not exist.
 */

/** What a write can point at: a person, or a person's post or comment. */
type TargetKind = 'profiles' | 'posts' | 'comments';
export type Targets = Record<TargetKind, string>;

/** A public table column that points at a person or their content and the writer chooses. */
export type Probe = {
  table: string;
  column: string;
  kind: TargetKind;
  /** The columns the database fills with the writer's id (auth.uid() defaults). */
  own: string[];
  /** Required columns without a default, other than the probed one: name -> type. */
  required: Record<string, string>;
  insertable: boolean;
  updatable: boolean;
};

/** Every (table, column) in public that references profiles, posts or comments. */
export async function discoverProbes(db: pg.Client): Promise<Probe[]> {
  const fks = await db.query<{ table: string; column: string; kind: TargetKind }>(`
    select c.relname as table, a.attname as column, rc.relname as kind
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_class rc on rc.oid = k.confrelid
      join pg_namespace rn on rn.oid = rc.relnamespace
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
     where k.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
       and rc.relname in ('profiles', 'posts', 'comments') and array_length(k.conkey, 1) = 1
     order by 1, 2`);
  const cols = await db.query<{
    table: string;
    column: string;
    type: string;
    required: boolean;
    own: boolean;
    ins: boolean;
    upd: boolean;
  }>(`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull and not a.atthasdef and a.attidentity = '' and a.attgenerated = '' as required,
           coalesce(pg_get_expr(d.adbin, d.adrelid) like '%auth.uid()%', false) as own,
           has_column_privilege('authenticated', c.oid, a.attnum, 'INSERT') as ins,
           has_column_privilege('authenticated', c.oid, a.attnum, 'UPDATE') as upd
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
     where n.nspname = 'public' and c.relkind in ('r', 'p')`);
  const byTable = new Map<string, typeof cols.rows>();
  for (const row of cols.rows) byTable.set(row.table, [...(byTable.get(row.table) ?? []), row]);
  const probes: Probe[] = [];
  for (const fk of fks.rows) {
    const columns = byTable.get(fk.table) ?? [];
    const self = columns.find((c) => c.column === fk.column);
    if (!self || self.own) continue; // the writer's own id, not a target
    probes.push({
      ...fk,
      own: columns.filter((c) => c.own).map((c) => c.column),
      required: Object.fromEntries(
        columns.filter((c) => c.required && c.column !== fk.column).map((c) => [c.column, c.type]),
      ),
      insertable: self.ins,
      updatable: self.upd,
    });
  }
  return probes;
}

/** A value of a type for a column or argument that is not under test. */
function filler(type: string, enumLabel?: string | null): unknown {
  if (enumLabel) return enumLabel;
  if (type === 'text' || type.startsWith('character')) return 'Block probe';
  if (type === 'integer' || type === 'bigint' || type === 'smallint') return 1;
  if (type === 'boolean') return true;
  if (type === 'jsonb' || type === 'json') return {};
  if (type.startsWith('timestamp')) return '2026-01-01T00:00:00Z';
  if (type === 'uuid') return null;
  return null;
}

/** An answer with the ids under test replaced, so two answers compare by shape and wording. */
function normalize(answer: unknown, ids: string[]): string {
  let text = JSON.stringify(answer) ?? 'undefined';
  for (const id of ids) text = text.split(id).join('<target>');
  return text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');
}

export type Outcome = { ok: boolean; answer: string };

/** Inserts the probe row as `db` pointing at `target`; removes it again when it went in. */
export async function tryInsert(
  db: SupabaseClient,
  writer: string | null,
  probe: Probe,
  target: string,
): Promise<Outcome> {
  const row: Record<string, unknown> = { [probe.column]: target };
  for (const [col, type] of Object.entries(probe.required)) row[col] = filler(type);
  const { error, status } = await db.from(probe.table).insert(row);
  if (!error) {
    const match: Record<string, unknown> = { [probe.column]: target };
    for (const col of probe.own) if (writer) match[col] = writer;
    await serviceClient().from(probe.table).delete().match(match);
  }
  return { ok: !error, answer: normalize({ status, error }, [target]) };
}

/** Moves the writer's row `id` to `target`; reports whether the row moved, and the answer. */
export async function tryMove(
  db: SupabaseClient,
  probe: Probe,
  id: string,
  target: string,
): Promise<Outcome> {
  const { error, status } = await db
    .from(probe.table)
    .update({ [probe.column]: target })
    .eq('id', id);
  const { data } = await serviceClient().from(probe.table).select(probe.column).eq('id', id).single();
  const moved = (data as Record<string, unknown> | null)?.[probe.column] === target;
  return { ok: moved, answer: normalize({ status, error }, [target]) };
}

export type Fn = {
  name: string;
  args: Array<{ name: string; type: string; hasDefault: boolean; enumLabel: string | null }>;
};

/** Every function in public a caller can name over REST (trigger functions excepted). */
export async function discoverFunctions(db: pg.Client): Promise<Fn[]> {
  const r = await db.query<{ name: string; args: Fn['args'] | null }>(`
    select p.proname as name,
           (select json_agg(json_build_object(
                     'name', x.name, 'type', format_type(x.type, null),
                     'hasDefault', x.ord > p.pronargs - p.pronargdefaults,
                     'enumLabel', (select e.enumlabel from pg_enum e where e.enumtypid = x.type
                                    order by e.enumsortorder desc limit 1))
                   order by x.ord)
              from unnest(p.proargtypes::oid[], p.proargnames[1:p.pronargs])
                   with ordinality as x(type, name, ord)) as args
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
     order by 1`);
  return r.rows.map((row) => ({ name: row.name, args: row.args ?? [] }));
}

/** Calls `fn` with argument `slot` set to `target`, other uuids to the caller, the rest filled. */
export async function tryCall(
  db: SupabaseClient,
  caller: string | null,
  fn: Fn,
  slot: string,
  target: string,
): Promise<Outcome> {
  const args: Record<string, unknown> = {};
  for (const arg of fn.args) {
    if (arg.name === slot) args[arg.name] = target;
    else if (arg.type === 'uuid') args[arg.name] = caller;
    else if (!arg.hasDefault) args[arg.name] = filler(arg.type, arg.enumLabel);
  }
  const { data, error, status } = await db.rpc(fn.name, args);
  return { ok: !error, answer: normalize({ status, error, data }, [target, ...(caller ? [caller] : [])]) };
}
