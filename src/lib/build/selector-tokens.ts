/**
 * What a CSS selector needs to find in a page before it can match anything: its classes, ids,
 * tag names and attribute names. Pseudo-classes and pseudo-elements need nothing (a :hover rule
 * is kept with its element); inside :not(), in selector lists such as :is(.a, .b) and in other
 * functional pseudo-classes nothing is required, so the answer never rules out a selector that
 * could match: it may only keep too much.
 */
export type Tokens = { classes: string[]; ids: string[]; tags: string[]; attributes: string[] };

/** Functional pseudo-classes whose argument must match for the selector to match. */
const REQUIRED_ARGUMENT = new Set(['is', 'where', 'has', 'matches', '-webkit-any', '-moz-any']);

function isIdentChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 45 ||
    code === 95 ||
    code >= 0x80
  );
}

const HEX = /[0-9a-fA-F]/;

/** Reads an identifier (with CSS escapes) from `i`; returns its value and the index after it. */
function readIdent(s: string, start: number): [string, number] {
  let value = '';
  let i = start;
  while (i < s.length) {
    const code = s.charCodeAt(i);
    if (s[i] === '\\') {
      let j = i + 1;
      let hex = '';
      while (j < s.length && hex.length < 6 && HEX.test(s[j] ?? '')) hex += s[j++];
      if (hex) {
        if (s[j] === ' ' || s[j] === '\t' || s[j] === '\n') j++;
        value += String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd);
        i = j;
      } else {
        value += s[j] ?? '';
        i = j + 1;
      }
    } else if (isIdentChar(code)) {
      value += s[i];
      i++;
    } else break;
  }
  return [value, i];
}

/** Index of the parenthesis closing the one at `open`, and whether a comma sits at its top level. */
function closing(s: string, open: number): [number, boolean] {
  let depth = 0;
  let comma = false;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      const end = s.indexOf(c, i + 1);
      i = end === -1 ? s.length : end;
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') {
      depth--;
      if (depth === 0) return [i, comma];
    } else if (c === ',' && depth === 1) comma = true;
  }
  return [s.length, comma];
}

export function requiredTokens(selector: string): Tokens {
  const tokens: Tokens = { classes: [], ids: [], tags: [], attributes: [] };
  // Ends of parenthesised parts whose content is not required, innermost last.
  const optionalUntil: number[] = [];
  let i = 0;
  while (i < selector.length) {
    while (optionalUntil.length && i > (optionalUntil.at(-1) ?? -1)) optionalUntil.pop();
    const required = optionalUntil.length === 0;
    const c = selector[i];
    if (c === '.' || c === '#') {
      const [name, next] = readIdent(selector, i + 1);
      if (required && name) (c === '.' ? tokens.classes : tokens.ids).push(name);
      i = next;
    } else if (c === '[') {
      const [end] = closing(selector, i);
      const inner = selector.slice(i + 1, end).trim();
      const [rawName] = readIdent(inner.replace(/^[^|[\]=~^$*]*\|(?!=)/, ''), 0);
      if (required && rawName) tokens.attributes.push(rawName.toLowerCase());
      i = end + 1;
    } else if (c === ':') {
      let j = i + 1;
      if (selector[j] === ':') j++;
      const [name, next] = readIdent(selector, j);
      i = next;
      if (selector[i] === '(') {
        const [end, comma] = closing(selector, i);
        if (!REQUIRED_ARGUMENT.has(name.toLowerCase()) || comma) optionalUntil.push(end);
        i++;
      }
    } else if (c === '"' || c === "'") {
      const end = selector.indexOf(c, i + 1);
      i = end === -1 ? selector.length : end + 1;
    } else if (c === '\\' || isIdentChar(selector.charCodeAt(i))) {
      const [name, next] = readIdent(selector, i);
      // A number here is part of an argument such as nth-child(2n+1), not a tag.
      if (required && name && !/^[\d-]/.test(name)) tokens.tags.push(name.toLowerCase());
      i = Math.max(next, i + 1);
    } else i++;
  }
  return tokens;
}
