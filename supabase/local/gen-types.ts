import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, SUPABASE_DIR } from './migrate.ts';
import { startEmbeddedPostgres } from './postgres.ts';
import { renderTypes } from './types-render.ts';

/**
 * `npm run db:types`: replays the migrations into a throwaway PostgreSQL (or reads DATABASE_URL)
 * and writes src/lib/supabase/database.types.ts in the shape `supabase gen types` produces.
 * The Supabase CLI would download a binary at install, which this project does not allow.
 */
const OUT = join(SUPABASE_DIR, '..', 'src', 'lib', 'supabase', 'database.types.ts');

let stop = async () => {};
let dbUrl = process.env['DATABASE_URL'];
if (!dbUrl) {
  const dir = await mkdtemp(join(tmpdir(), 'sb-types-'));
  // Below the ephemeral range (32768-60999), apart from the test stacks' defaults (24421-24765).
  const port = 24800 + Math.floor(Math.random() * 100);
  const postgres = await startEmbeddedPostgres(dir, port).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  dbUrl = postgres.url;
  stop = async () => {
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
const db = new pg.Client({ connectionString: dbUrl });
try {
  await db.connect();
  if (!process.env['DATABASE_URL']) await migrate(db, { seedFile: null });
  await writeFile(OUT, await renderTypes(db, 'public'));
  console.info(`Wrote ${OUT}`);
} finally {
  await db.end();
  await stop();
}
