import type pg from 'pg';

/**
 * The SELECT policies of a table for one API role, as one SQL condition (or false when the
 * role may not select at all), read from the catalog and cached briefly so policy changes by
 * a new migration apply within seconds.
 */
type Rule = string | false;
const TTL_MS = 2000;

export function createPolicyCache(pool: pg.Pool) {
  // The promise is cached, so a burst of subscribers asks the catalog once, not once each.
  const cache = new Map<string, { rule: Promise<Rule>; at: number }>();

  async function load(schema: string, table: string, role: string): Promise<Rule> {
    const r = await pool.query<{
      rls: boolean;
      can_select: boolean;
      bypass: boolean;
      permissive: string | null;
      restrictive: string | null;
    }>(
      `select c.relrowsecurity as rls,
              has_table_privilege($3, c.oid, 'SELECT') as can_select,
              (select rolbypassrls from pg_roles where rolname = $3) as bypass,
              (select string_agg('(' || coalesce(pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' or ')
                 from pg_policy p
                where p.polrelid = c.oid and p.polpermissive and p.polcmd in ('r', '*')
                  and (0 = any(p.polroles) or (select oid from pg_roles where rolname = $3) = any(p.polroles))) as permissive,
              (select string_agg('(' || coalesce(pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' and ')
                 from pg_policy p
                where p.polrelid = c.oid and not p.polpermissive and p.polcmd in ('r', '*')
                  and (0 = any(p.polroles) or (select oid from pg_roles where rolname = $3) = any(p.polroles))) as restrictive
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relname = $2`,
      [schema, table, role],
    );
    const row = r.rows[0];
    if (!row?.can_select) return false;
    if (!row.rls || row.bypass) return 'true';
    if (!row.permissive) return false;
    return row.restrictive ? `(${row.permissive}) and (${row.restrictive})` : `(${row.permissive})`;
  }

  return {
    async get(schema: string, table: string, role: string): Promise<Rule> {
      const key = `${schema}.${table}:${role}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.rule;
      const rule = load(schema, table, role);
      cache.set(key, { rule, at: Date.now() });
      rule.catch(() => cache.delete(key));
      return rule;
    },
  };
}
