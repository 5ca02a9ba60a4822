/**
 * Splits a SQL script into statements, respecting quotes, dollar quotes and comments, so a
 * failing migration can be reported with the exact statement and line that failed.
 */
export type SqlStatement = { text: string; line: number };

export function splitSql(sql: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const raw = sql.slice(start, end);
    // Leading blank lines and line comments are not part of the statement (nor of its line number).
    const leading = /^(?:\s|--[^\n]*(?:\n|$))*/.exec(raw)?.[0].length ?? 0;
    const text = raw.slice(leading).trim();
    if (text !== '') out.push({ text, line: lineOf(sql, start + leading) });
    start = end + 1;
  };
  while (i < sql.length) {
    const ch = sql[i];
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? sql.length : nl + 1;
    } else if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === ch && sql[j + 1] === ch) j += 2;
        else if (sql[j] === ch) break;
        else j++;
      }
      i = j + 1;
    } else if (ch === '$') {
      const tag = /^\$[A-Za-z_0-9]*\$/.exec(sql.slice(i, i + 64));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? sql.length : end + tag[0].length;
      } else {
        i++;
      }
    } else if (ch === ';') {
      push(i);
      i++;
    } else {
      i++;
    }
  }
  push(sql.length);
  return out;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let k = 0; k < index; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}
