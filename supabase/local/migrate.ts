import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { StackError } from './errors.ts';
import { splitSql } from './sql-split.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
export const SUPABASE_DIR = join(here, '..');
const BOOTSTRAP_FILE = join(here, 'bootstrap.sql');

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export type MigrateResult = { fresh: boolean; seeded: boolean; applied: string[] };

/**
 * Brings a database up to date: the Supabase bootstrap on an empty database, then every new
 * file of supabase/migrations in order (recorded like the Supabase CLI does), then the seed
 * when the database was fresh. Refuses a database whose history no longer matches the files.
 */
export async function migrate(
  db: pg.Client,
  options: { migrationsDir?: string; seedFile?: string | null } = {},
): Promise<MigrateResult> {
  const migrationsDir = options.migrationsDir ?? join(SUPABASE_DIR, 'migrations');
  const seedFile = options.seedFile === undefined ? join(SUPABASE_DIR, 'seed.sql') : options.seedFile;
  const bootstrap = readFileSync(BOOTSTRAP_FILE, 'utf8');

  const known = await db.query<{ t: string | null; u: string | null }>(
    "select to_regclass('supabase_migrations.local_stack')::text as t, to_regclass('auth.users')::text as u",
  );
  const fresh = known.rows[0]?.t == null;
  if (fresh) {
    if (known.rows[0]?.u != null) {
      throw new StackError(
        'This database already has an auth schema but was not set up by the local stack (a Supabase ' +
          'database?): apply migrations there with the Supabase CLI, or point DATABASE_URL at an empty database.',
      );
    }
    const me = await db.query<{ me: string; su: boolean }>(
      'select current_user::text as me, rolsuper as su from pg_roles where rolname = current_user',
    );
    if (me.rows[0]?.me === MIGRATION_ROLE || !me.rows[0]?.su) {
      throw new StackError(
        `The local bootstrap needs a superuser other than ${MIGRATION_ROLE} (which it makes a non-superuser, ` +
          `as on hosted Supabase); connected as ${me.rows[0]?.me}. Create one (e.g. \`create role supabase_admin ` +
          'superuser login password ...`) and put it in DATABASE_URL.',
      );
    }
    await runScript(db, 'supabase/local/bootstrap.sql', bootstrap, { asMigrationRole: false }, async () => {
      await db.query("insert into supabase_migrations.local_stack values ('bootstrap', $1)", [
        sha(bootstrap),
      ]);
    });
  } else {
    const stored = await db.query<{ value: string }>(
      "select value from supabase_migrations.local_stack where key = 'bootstrap'",
    );
    if (stored.rows[0]?.value !== sha(bootstrap)) {
      throw staleError('the local bootstrap (supabase/local/bootstrap.sql) changed since it was applied');
    }
  }

  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
  const appliedRows = await db.query<{ key: string; value: string }>(
    "select key, value from supabase_migrations.local_stack where key like 'migration:%'",
  );
  const appliedHashes = new Map(appliedRows.rows.map((r) => [r.key.slice('migration:'.length), r.value]));
  for (const [file, hash] of appliedHashes) {
    const path = join(migrationsDir, file);
    if (!existsSync(path)) throw staleError(`migration ${file} was applied but no longer exists`);
    if (sha(readFileSync(path, 'utf8')) !== hash) {
      throw staleError(`migration ${file} changed after it was applied (add a new migration instead)`);
    }
  }

  const applied: string[] = [];
  for (const file of files) {
    if (appliedHashes.has(file)) continue;
    const sql = readFileSync(join(migrationsDir, file), 'utf8');
    const [, version = file, name = ''] = /^(\d+)_(.+)\.sql$/.exec(file) ?? [];
    await runScript(db, `supabase/migrations/${file}`, sql, { asMigrationRole: true }, async (statements) => {
      await db.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [version, name, statements],
      );
      await db.query('insert into supabase_migrations.local_stack values ($1, $2)', [
        `migration:${file}`,
        sha(sql),
      ]);
    });
    applied.push(file);
  }

  await ensureRealtimeTriggers(db);
  // Seeded once per database, even when the first start stopped at a failing migration.
  const seedDone = await db.query("select 1 from supabase_migrations.local_stack where key = 'seeded'");
  let seeded = false;
  if (seedDone.rowCount === 0 && seedFile && existsSync(seedFile)) {
    // seed.sql first, then each feature's supabase/seeds/*.sql in name order (config.toml
    // [db.seed] sql_paths lists the same), all in one transaction: a half-seeded database is never kept.
    const seedsDir = join(dirname(seedFile), 'seeds');
    const extra = existsSync(seedsDir)
      ? readdirSync(seedsDir)
          .filter((f) => f.endsWith('.sql'))
          .sort()
      : [];
    const script = [
      readFileSync(seedFile, 'utf8'),
      ...extra.map((f) => readFileSync(join(seedsDir, f), 'utf8')),
    ];
    const label = `supabase/seed.sql + seeds/{${extra.join(',')}}`;
    await runScript(db, label, script.join('\n'), { asMigrationRole: true }, async () => {
      await db.query("insert into supabase_migrations.local_stack values ('seeded', now()::text)");
    });
    seeded = true;
  }
  return { fresh, seeded, applied };
}

/**
 * Runs a script statement by statement in one transaction, naming file, line and statement on
 * error. With `asMigrationRole`, as hosted Supabase applies migrations and seeds: as the
 * non-superuser `postgres` role (see MIGRATION_ROLE), except the policy statements that hosted's
 * supautils lets `postgres` run on tables it does not own (POLICY_GRANTS). `commit: false` rolls
 * the script back at the end (a dry run, for tests).
 */
export async function runScript(
  db: pg.Client,
  label: string,
  sql: string,
  options: { asMigrationRole: boolean; commit?: boolean },
  after?: (statements: string[]) => Promise<void>,
): Promise<void> {
  const statements = splitSql(sql);
  await db.query('begin');
  try {
    // The stack connects as the superuser (supabase_admin); SET SESSION AUTHORIZATION makes this
    // transaction's session and current user `postgres`, so every privilege check is postgres's.
    const demote = options.asMigrationRole && (await canDemote(db));
    if (demote) await db.query(`set local session authorization ${MIGRATION_ROLE}`);
    for (const statement of statements) {
      const elevated = demote && policyGrantTable(statement.text) !== null;
      try {
        if (elevated) await db.query('reset session authorization');
        await db.query(statement.text);
        if (elevated) await db.query(`set local session authorization ${MIGRATION_ROLE}`);
        if (demote) await assertStillMigrationRole(db);
      } catch (error) {
        const first = statement.text.split('\n')[0]?.slice(0, 100);
        throw new StackError(
          `Migration failed: ${label} line ${statement.line}: ${(error as Error).message} ` +
            `(statement: ${first}${statement.text.includes('\n') ? ' …' : ''}). Nothing of this file was applied.`,
        );
      }
    }
    if (demote) await db.query('reset session authorization');
    await after?.(statements.map((s) => s.text));
    await db.query(options.commit === false ? 'rollback' : 'commit');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * The role hosted Supabase applies migrations and seeds as (`supabase db push`, `db reset`, the
 * SQL editor): not a superuser, owner of the database and of what it creates in public, member of
 * anon/authenticated/service_role, with CREATEROLE, CREATEDB, REPLICATION and BYPASSRLS, and ALL
 * privileges (not ownership) on the auth and storage tables. bootstrap.sql sets it up.
 */
const MIGRATION_ROLE = 'postgres';

/**
 * Hosted's `supautils.policy_grants` (supabase/postgres, ansible/files/postgresql_config/
 * supautils.conf.j2): the tables on which `postgres` may create, alter and drop policies
 * although supabase_auth_admin, supabase_storage_admin or supabase_realtime_admin owns them.
 * Locally there is no supautils, so these statements (and only these) run as the superuser.
 */
const POLICY_GRANTS: ReadonlySet<string> = new Set([
  'auth.audit_log_entries',
  'auth.identities',
  'auth.refresh_tokens',
  'auth.sessions',
  'auth.users',
  'realtime.messages',
  'storage.buckets',
  'storage.migrations',
  'storage.objects',
  'storage.s3_multipart_uploads',
  'storage.s3_multipart_uploads_parts',
]);

const ident = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const POLICY_STATEMENT = new RegExp(
  String.raw`^(?:create|alter|drop)\s+policy\s+(?:if\s+exists\s+)?${ident}\s+on\s+(${ident})\s*\.\s*(${ident})(?:\s|;|$)`,
  'i',
);

/** The `schema.table` of a CREATE/ALTER/DROP POLICY statement on a POLICY_GRANTS table, else null. */
export function policyGrantTable(statement: string): string | null {
  const text = statement.replace(/^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '');
  const match = POLICY_STATEMENT.exec(text);
  if (!match) return null;
  const name = (part: string) =>
    part.startsWith('"') ? part.slice(1, -1).replace(/""/g, '"') : part.toLowerCase();
  const table = `${name(match[1] ?? '')}.${name(match[2] ?? '')}`;
  return POLICY_GRANTS.has(table) ? table : null;
}

/** Whether this connection may become the migration role (it is a superuser), else it must be it. */
async function canDemote(db: pg.Client): Promise<boolean> {
  const r = await db.query<{ su: boolean; me: string }>(
    'select rolsuper as su, current_user::text as me from pg_roles where rolname = current_user',
  );
  const row = r.rows[0];
  if (row?.su) return true;
  if (row?.me === MIGRATION_ROLE) return false; // already connected as postgres
  throw new StackError(
    `Migrations must be applied as ${MIGRATION_ROLE} or by a superuser that becomes it; connected as ${row?.me}.`,
  );
}

/** A migration that switched back to the superuser (SET SESSION AUTHORIZATION) is refused. */
async function assertStillMigrationRole(db: pg.Client): Promise<void> {
  const r = await db.query<{ s: string; c: string }>(
    'select session_user::text as s, current_user::text as c',
  );
  const row = r.rows[0];
  if (row?.s !== MIGRATION_ROLE || row.c !== MIGRATION_ROLE) {
    throw new Error(
      `migrations run as ${MIGRATION_ROLE}, as on hosted Supabase; this statement switched to ${row?.s}/${row?.c}`,
    );
  }
}

/** Realtime triggers for every table in the supabase_realtime publication (see realtime.sql). */
async function ensureRealtimeTriggers(db: pg.Client): Promise<void> {
  await db.query(readFileSync(join(here, 'realtime.sql'), 'utf8'));
}

function staleError(reason: string): StackError {
  return new StackError(
    `Stale local database: ${reason}. Run \`npm run backend:reset\` to wipe and reseed it ` +
      '(or use another `--data-dir`).',
  );
}
