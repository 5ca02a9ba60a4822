import { readFileSync } from 'node:fs';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { renderTypes } from '../../supabase/local/types-render.ts';

it('src/lib/supabase/database.types.ts matches the migrations (run `npm run db:types` if not)', async () => {
  const db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
  try {
    const expected = await renderTypes(db, 'public');
    const actual = readFileSync(new URL('../../src/lib/supabase/database.types.ts', import.meta.url), 'utf8');
    expect(actual).toBe(expected);
  } finally {
    await db.end();
  }
});
