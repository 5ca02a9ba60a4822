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
    await runScript(db, 'supabase/local/bootstrap.sql', bootstrap, async () => {
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
    await runScript(db, `supabase/migrations/${file}`, sql, async (statements) => {
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
    await runScript(db, `supabase/seed.sql + seeds/{${extra.join(',')}}`, script.join('\n'), async () => {
      await db.query("insert into supabase_migrations.local_stack values ('seeded', now()::text)");
    });
    seeded = true;
  }
  return { fresh, seeded, applied };
}

/** Runs a script statement by statement in one transaction, naming file, line and statement on error. */
async function runScript(
  db: pg.Client,
  label: string,
  sql: string,
  after?: (statements: string[]) => Promise<void>,
): Promise<void> {
  const statements = splitSql(sql);
  await db.query('begin');
  try {
    for (const statement of statements) {
      try {
        await db.query(statement.text);
      } catch (error) {
        const first = statement.text.split('\n')[0]?.slice(0, 100);
        throw new StackError(
          `Migration failed: ${label} line ${statement.line}: ${(error as Error).message} ` +
            `(statement: ${first}${statement.text.includes('\n') ? ' …' : ''}). Nothing of this file was applied.`,
        );
      }
    }
    await after?.(statements.map((s) => s.text));
    await db.query('commit');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
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
