import postcss, { type AtRule, type ChildNode, type Container, type Root } from 'postcss';
import { requiredTokens, type Tokens } from './selector-tokens.ts';

/*
 * A stylesheet compiled once per build into a function from what a page holds to the rules that
 * page can use. A rule is kept when every class, id, tag and attribute its selector needs occurs
 * in the page (pseudo-classes ignored, so :hover and :focus rules come along): a superset of
 * what a DOM matcher such as beasties keeps (critical-css.test.ts holds it to that). With the
 * tokens of the page's scripts as well, the rules for what those scripts may add come along too.
 */

/** Tokens the page's scripts may put into the page (class names, ids), see script-graph.ts. */
export type ScriptTokens = {
  has(token: string): boolean;
  /** Whether a script names this custom property (`--name`), e.g. in a style it sets. */
  mentionsVar?(name: string): boolean;
};
/**
 * A compiled sheet: the CSS for a page. With `scripts` (the page's scripts are known), custom
 * properties and @property rules nothing reads are left out too; `html` is the page's markup,
 * whose inline styles may read them.
 */
export type Kept = (tokens: PageTokens, scripts?: ScriptTokens, html?: string) => string;
export type PageTokens = {
  classes: Set<string>;
  ids: Set<string>;
  tags: Set<string>;
  attributes: Set<string>;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value; // most values: no scan for entities
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** JavaScript's `\s` (what the regular expressions this scanner replaces meant by white space). */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
const QUOTE = 34;
const APOSTROPHE = 39;
const LT = 60;
const GT = 62;
const EQUALS = 61;
const SLASH = 47;
const BACKTICK = 96;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 45;
/** A character of an attribute's name: not white space, a quote, `<`, `>`, `/` or `=`. */
const isAttributeChar = (c: number) =>
  c !== QUOTE && c !== APOSTROPHE && c !== LT && c !== GT && c !== SLASH && c !== EQUALS && !isSpace(c);
/** A character of an unquoted attribute value: not white space, a quote, `=`, `<`, `>` or a backtick. */
const isBareValueChar = (c: number) =>
  c !== QUOTE && c !== APOSTROPHE && c !== EQUALS && c !== LT && c !== GT && c !== BACKTICK && !isSpace(c);
const CLASS_SEPARATOR = /\s+/;

/**
 * Every tag, attribute name, class and id the page's markup holds (templates included). One scan
 * of the page with character codes, the cost of a page in a large build (12,600 pages); it reads
 * exactly what these two regular expressions did, applied as `html.matchAll(TAG)` and, on each
 * tag's attributes, `matchAll(ATTRIBUTE)` (css-rules.test.ts compares the two on many pages):
 *
 *   TAG       = /<([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g
 *   ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
 */
export function pageTokens(html: string): PageTokens {
  const tokens: PageTokens = {
    classes: new Set(),
    ids: new Set(),
    tags: new Set(['html', 'head', 'body']),
    attributes: new Set(),
  };
  const length = html.length;
  let at = html.indexOf('<');
  while (at !== -1) {
    const nameStart = at + 1;
    if (nameStart >= length || !isLetter(html.charCodeAt(nameStart))) {
      at = html.indexOf('<', nameStart);
      continue;
    }
    let nameEnd = nameStart + 1;
    while (nameEnd < length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    // The tag ends at the first `>` outside quotes; a quote left open to the end means no tag here.
    let end = nameEnd;
    while (end < length) {
      const c = html.charCodeAt(end);
      if (c === GT) break;
      if (c === QUOTE || c === APOSTROPHE) {
        const close = html.indexOf(c === QUOTE ? '"' : "'", end + 1);
        if (close === -1) {
          end = length;
          break;
        }
        end = close + 1;
      } else end++;
    }
    if (end >= length) {
      at = html.indexOf('<', nameStart);
      continue;
    }
    const text = html.slice(nameStart, end);
    let found = tagsSeen.get(text);
    if (!found) {
      found = tagTokens(html, nameStart, nameEnd, end);
      if (tagsSeen.size >= TAGS_KEPT) tagsSeen.clear();
      // A copy as the key: a slice would keep the whole page in memory.
      tagsSeen.set(`${text} `.slice(0, -1), found);
    }
    tokens.tags.add(found.tag);
    for (const name of found.attributes) tokens.attributes.add(name);
    for (const name of found.classes) tokens.classes.add(name);
    for (const name of found.ids) tokens.ids.add(name);
    at = html.indexOf('<', end + 1);
  }
  return tokens;
}

type TagTokens = { tag: string; attributes: string[]; classes: string[]; ids: string[] };
/**
 * Tags already read, by their text: the pages of a site repeat most of their tags (the header,
 * the product cards), so most are read once a build. The tokens are copies, not slices of a page.
 */
const tagsSeen = new Map<string, TagTokens>();
const TAGS_KEPT = 100_000;
const copy = (text: string) => `${text} `.slice(0, -1);

/** The tokens of the tag whose name runs from `nameStart` to `nameEnd` and which ends at `end`. */
function tagTokens(html: string, nameStart: number, nameEnd: number, end: number): TagTokens {
  const found: TagTokens = {
    tag: copy(html.slice(nameStart, nameEnd).toLowerCase()),
    attributes: [],
    classes: [],
    ids: [],
  };
  attributesOf(html, nameEnd, end, found);
  return found;
}

/** The attributes between `from` and `to` (a tag's, after its name), as ATTRIBUTE reads them. */
function attributesOf(html: string, from: number, to: number, tokens: TagTokens): void {
  let i = from;
  while (i < to) {
    if (!isAttributeChar(html.charCodeAt(i))) {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < to && isAttributeChar(html.charCodeAt(i))) i++;
    const name = copy(html.slice(nameStart, i).toLowerCase());
    tokens.attributes.push(name);
    // `\s*=\s*` and a value, or nothing of it: then the attribute has no value.
    let j = i;
    while (j < to && isSpace(html.charCodeAt(j))) j++;
    if (j >= to || html.charCodeAt(j) !== EQUALS) continue;
    j++;
    while (j < to && isSpace(html.charCodeAt(j))) j++;
    if (j >= to) continue;
    const c = html.charCodeAt(j);
    let value: string;
    if (c === QUOTE || c === APOSTROPHE) {
      const close = html.indexOf(c === QUOTE ? '"' : "'", j + 1);
      if (close === -1 || close >= to) continue;
      value = html.slice(j + 1, close);
      i = close + 1;
    } else if (isBareValueChar(c)) {
      let k = j + 1;
      while (k < to && isBareValueChar(html.charCodeAt(k))) k++;
      value = html.slice(j, k);
      i = k;
    } else continue;
    if (name === 'class') {
      for (const c of decodeEntities(value).split(CLASS_SEPARATOR)) c && tokens.classes.push(copy(c));
    } else if (name === 'id') tokens.ids.push(copy(decodeEntities(value)));
  }
}

/**
 * Whether the page (or, given `scripts`, what its scripts may add to it) holds what the selector
 * needs. A script names an element it creates as a word (`createElement("dialog")`, JSX's
 * `"dialog"`) or in markup it writes (`<dialog`), an attribute it sets likewise (`"hidden"`,
 * `hidden=`); a class or id as a word.
 */
function satisfied(need: Tokens, page: PageTokens, scripts?: ScriptTokens): boolean {
  for (const c of need.classes) if (!page.classes.has(c) && !scripts?.has(c)) return false;
  for (const id of need.ids) if (!page.ids.has(id) && !scripts?.has(id)) return false;
  for (const tag of need.tags)
    if (
      !page.tags.has(tag) &&
      !(scripts && (scripts.has(tag) || scripts.has(`<${tag}`) || scripts.has(`<${tag}>`)))
    )
      return false;
  for (const a of need.attributes)
    if (!page.attributes.has(a) && !(scripts && (scripts.has(a) || scripts.has(`${a}=`)))) return false;
  return true;
}

/** Rules that only matter where something else is kept, or that are always needed. */
const CONTAINERS = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style']);

/**
 * Compiles a stylesheet once into a function from a page's tokens to its critical CSS. Each rule's
 * selector list is kept whole when any of its selectors can match (like beasties, which keeps a
 * rule as written).
 */
export function compileSheet(css: string): Kept {
  const root: Root = postcss.parse(css);
  type VarDecl = { prop: string; text: string };
  type Entry = {
    node: ChildNode;
    text: string;
    test?: Tokens[];
    animates?: string[];
    /** Custom properties this rule reads through var(). */
    reads?: string[];
    /** A rule for every element that only sets custom properties (Tailwind's theme, defaults). */
    vars?: { selector: string; decls: VarDecl[] };
    children?: Entry[];
  };
  // Keyframes are kept only when a kept rule animates with them, @property and theme variables
  // only when something kept reads them: both known at the end.
  type Part =
    | string
    | { keyframes: string; text: string }
    | { property: string; text: string }
    | { vars: { selector: string; decls: VarDecl[] } };
  /** For each custom property set by a variables-only rule, the properties its values read. */
  const definitions = new Map<string, string[]>();

  function compile(container: Container): Entry[] {
    const entries: Entry[] = [];
    for (const node of container.nodes ?? []) {
      if (node.type === 'comment') continue;
      const text = node.toString();
      if (node.type === 'rule') {
        const animates = [...text.matchAll(/animation(?:-name)?\s*:\s*([^;}]+)/g)].flatMap((m) =>
          (m[1] ?? '').split(/[\s,]+/),
        );
        const test = node.selectors.map(requiredTokens);
        const decls = node.nodes.filter((n) => n.type === 'decl');
        const global = test.every((t) => !t.classes.length && !t.ids.length && !t.attributes.length);
        if (
          global &&
          decls.length > 0 &&
          decls.length === node.nodes.length &&
          decls.every((d) => d.prop.startsWith('--'))
        ) {
          for (const d of decls)
            definitions.set(d.prop, [...(definitions.get(d.prop) ?? []), ...readsOf(d.value)]);
          const vars = {
            selector: node.selector,
            decls: decls.map((d) => ({ prop: d.prop, text: d.toString() })),
          };
          entries.push({ node, text, test, vars });
        } else entries.push({ node, text, test, animates, reads: readsOf(text) });
      } else if (node.type === 'atrule' && CONTAINERS.has(node.name.toLowerCase()) && node.nodes)
        entries.push({ node, text, children: compile(node) });
      else entries.push({ node, text });
    }
    return entries;
  }
  const entries = compile(root);

  function emit(
    list: Entry[],
    page: PageTokens,
    scripts: ScriptTokens | undefined,
    out: Part[],
    used: { animations: Set<string>; reads: Set<string> },
  ): boolean {
    let any = false;
    for (const entry of list) {
      const { node } = entry;
      if (entry.test) {
        if (!entry.test.some((need) => satisfied(need, page, scripts))) continue;
        if (entry.vars && scripts) out.push({ vars: entry.vars });
        else out.push(entry.text);
        for (const name of entry.animates ?? []) used.animations.add(name);
        for (const name of entry.reads ?? []) used.reads.add(name);
        any = true;
      } else if (entry.children) {
        const inner: Part[] = [];
        if (!emit(entry.children, page, scripts, inner, used)) continue;
        const at = node as AtRule;
        out.push(`@${at.name}${at.params ? ` ${at.params}` : ''}{`, ...inner, '}');
        any = true;
      } else if (node.type === 'atrule' && /keyframes$/i.test(node.name)) {
        out.push({ keyframes: node.params.trim(), text: entry.text });
      } else if (node.type === 'atrule' && node.name.toLowerCase() === 'font-face') {
        // Fonts load with the full sheet (they never block text).
      } else if (node.type === 'atrule' && node.name.toLowerCase() === 'property' && scripts) {
        out.push({ property: node.params.trim(), text: entry.text });
      } else {
        out.push(entry.text);
        any = true;
      }
    }
    return any;
  }

  /**
   * The custom properties a page needs: what its kept rules, its markup (inline styles) and its
   * scripts read, and what those read in turn.
   */
  function readClosure(reads: Set<string>, html: string | undefined, scripts: ScriptTokens | undefined) {
    const needed = new Set(reads);
    for (const m of html?.matchAll(/--[A-Za-z0-9_-]+/g) ?? []) needed.add(m[0]);
    for (const name of definitions.keys()) if (scripts?.mentionsVar?.(name)) needed.add(name);
    const queue = [...needed];
    while (queue.length) {
      for (const next of definitions.get(queue.pop() as string) ?? [])
        if (!needed.has(next)) {
          needed.add(next);
          queue.push(next);
        }
    }
    return needed;
  }

  return (page, scripts, html) => {
    const out: Part[] = [];
    const used = { animations: new Set<string>(), reads: new Set<string>() };
    emit(entries, page, scripts, out, used);
    const needed = scripts ? readClosure(used.reads, html, scripts) : undefined;
    return out
      .map((part) => {
        if (typeof part === 'string') return part;
        if ('keyframes' in part) return used.animations.has(part.keyframes) ? part.text : '';
        if ('property' in part) return needed?.has(part.property) !== false ? part.text : '';
        const decls = part.vars.decls.filter((d) => needed?.has(d.prop) !== false);
        return decls.length ? `${part.vars.selector}{${decls.map((d) => d.text).join(';')}}` : '';
      })
      .join('');
  };
}

/** The custom properties a CSS text reads through var(). */
function readsOf(text: string): string[] {
  return [...text.matchAll(/var\(\s*(--[A-Za-z0-9_-]+)/g)].map((m) => m[1] as string);
}
