import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '../../supabase/local/migrate.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));

/** Runs the migrator against a scratch database in the integration cluster. */
describe('local migrator', () => {
  const name = `migrate_${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'sb-migrations-'));
  let admin: pg.Client;
  let db: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('supabaseDbUrl') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(inject('supabaseDbUrl'));
    url.pathname = `/${name}`;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    cpSync(MIGRATIONS, dir, { recursive: true });
  });

  afterAll(async () => {
    await db.end();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies bootstrap and migrations once, then nothing on a restart', async () => {
    const first = await migrate(db, { migrationsDir: dir, seedFile: null });
    expect(first.fresh).toBe(true);
    expect(first.applied.length).toBeGreaterThan(0);
    const again = await migrate(db, { migrationsDir: dir, seedFile: null });
    expect(again).toEqual({ fresh: false, seeded: false, applied: [] });
  });

  it('names the file, line and statement of a failing migration and applies none of it', async () => {
    writeFileSync(
      join(dir, '99990101000000_broken.sql'),
      'create table public.half_done (id int);\n\n-- a typo on the next statement\ncreate table public.broken (\n  id texxt\n);\n',
    );
    await expect(migrate(db, { migrationsDir: dir, seedFile: null })).rejects.toThrow(
      /99990101000000_broken\.sql line 4: type "texxt" does not exist \(statement: create table public\.broken/,
    );
    const { rows } = await db.query("select to_regclass('public.half_done') as t");
    expect(rows[0].t).toBeNull();
    rmSync(join(dir, '99990101000000_broken.sql'));
  });

  it('refuses a database whose applied migration was edited afterwards', async () => {
    const file = join(dir, '99990102000000_extra.sql');
    writeFileSync(file, 'create table public.extra (id int);\n');
    expect((await migrate(db, { migrationsDir: dir, seedFile: null })).applied).toEqual([
      '99990102000000_extra.sql',
    ]);
    writeFileSync(file, 'create table public.extra (id bigint);\n');
    await expect(migrate(db, { migrationsDir: dir, seedFile: null })).rejects.toThrow(
      /Stale local database: migration 99990102000000_extra\.sql changed .*npm run backend:reset/,
    );
  });
});
