import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/architecture.md, "One way for each concern": every query goes through its feature's data
 * module (`feed-data.ts`, `account-data.ts`, ...); components call its functions and never
 * `db.from('table')`, `.rpc(...)` or `storage.from('bucket')` themselves.
 */
const QUERY = /\.rpc\(|\.from\(\s*['"`]/;

/** The lines of `text` that query the database directly. */
function directQueries(text: string): string[] {
  return text.split('\n').filter((line) => QUERY.test(line));
}

const components = () =>
  readdirSync('src', { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(?:tsx|astro)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));

describe('components query through their feature’s data module', () => {
  it('finds a direct query (table, function, bucket) and not Array.from', () => {
    expect(directQueries("const { data } = await db.from('posts').select('*');")).toHaveLength(1);
    expect(directQueries("await db.rpc('my_files', {});")).toHaveLength(1);
    expect(directQueries('await db.storage.from(`avatars`).upload(path, file);')).toHaveLength(1);
    expect(directQueries('const list = Array.from(rows); const set = Array.from(new Set(ids));')).toEqual([]);
  });

  it('no component in src/ queries the database itself', () => {
    const found = components().flatMap((file) =>
      directQueries(readFileSync(file, 'utf8')).map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
