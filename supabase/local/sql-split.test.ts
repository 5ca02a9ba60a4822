import { describe, expect, it } from 'vitest';
import { splitSql } from './sql-split.ts';

describe('splitSql', () => {
  it('splits on semicolons and reports the first line of each statement', () => {
    const sql = 'create table a (id int);\n\n-- why\ncreate table b (\n  id int\n);\n';
    expect(splitSql(sql)).toEqual([
      { text: 'create table a (id int)', line: 1 },
      { text: 'create table b (\n  id int\n)', line: 4 },
    ]);
  });

  it('keeps semicolons inside quotes, dollar quotes and comments', () => {
    const sql = [
      "insert into t values ('a;b', 'it''s;');",
      'create function f() returns void language plpgsql as $$ begin perform 1; end $$;',
      "do $body$ begin raise notice 'x;'; end $body$;",
      '/* block; comment */ select 1;',
      'select "odd;name" from t; -- trailing; comment',
    ].join('\n');
    const statements = splitSql(sql).map((s) => s.text);
    expect(statements).toHaveLength(5);
    expect(statements[1]).toContain('perform 1; end $$');
    expect(statements[2]).toContain("raise notice 'x;'");
  });

  it('ignores comment-only trailers', () => {
    expect(splitSql('select 1;\n-- the end\n')).toEqual([{ text: 'select 1', line: 1 }]);
  });
});
