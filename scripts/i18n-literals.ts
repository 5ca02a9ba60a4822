/**
 * Part of `npm run i18n:check`: text a person can read that a component writes as a literal
 * instead of taking it from the dictionaries (src/i18n/messages, src/features/x/messages.ts).
 * Looks at JSX text, `{'literal'}` children and the attributes a person reads or hears
 * (title, aria-label, placeholder, alt, ...) in .tsx files (TypeScript's parser) and in the
 * templates of .astro files (after the frontmatter, without script and style blocks).
 */
import ts from 'typescript';

type Problem = string;

/** Attributes whose value a person reads or hears. */
const READABLE_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
]);

/**
 * Object fields whose string a component shows (`{ label: 'Newest' }` in an option list,
 * `showToast({ title: 'Saved' })`): text passed as data, read where it is rendered.
 */
const READABLE_FIELDS = new Set([
  'label',
  'title',
  'description',
  'placeholder',
  'ariaLabel',
  'aria-label',
  'alt',
  'text',
  'heading',
  'hint',
  'emptyText',
]);

/**
 * Literals that are the same in every language, with the reason. Compared after trimming.
 * Keep it short: anything else is a dictionary text.
 */
const ALLOWED_LITERALS: ReadonlyMap<string, string> = new Map([
  ['Chosen Ones', 'the brand in the header, footer and contact page'],
  ['Timeline Alchemy', 'product name, never translated'],
  ['Inner Circle', 'brand name'],
  ['Digitempel', 'brand name'],
  ['Shopify', 'brand name'],
  ['Instagram', 'platform name (a brand)'],
  ['Facebook', 'platform name (a brand)'],
  ['LinkedIn', 'platform name (a brand)'],
  ['TikTok', 'platform name (a brand)'],
  ['YouTube', 'platform name (a brand)'],
  ['Pinterest', 'platform name (a brand)'],
  ['Twitter', 'platform name (a brand)'],
  ['X', 'platform name (a brand)'],
  ['NL', 'language code in the switcher'],
  ['EN', 'language code in the switcher'],
  ['DE', 'language code in the switcher'],
  ['Nederlands', 'a language names itself'],
  ['English', 'a language names itself'],
  ['Deutsch', 'a language names itself'],
]);

/** A dictionary key handed to a component that translates it (`title="newsletter.page.invalid"`). */
const KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

/** Readable: two letters in a row, and not a symbol, a number or a brand of the allow-list. */
function isReadable(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!/\p{L}{2,}/u.test(trimmed)) return false;
  return !ALLOWED_LITERALS.has(trimmed);
}

const line = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

const quote = (text: string) => JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 60));

/** Readable literals in a .tsx file (or, for text passed as data only, a .ts file). */
function literalsInTsx(path: string, text: string): Problem[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const problems: Problem[] = [];
  const report = (node: ts.Node, value: string, where: string) => {
    if (isReadable(value)) problems.push(`${path}:${line(source, node)}: ${where} ${quote(value)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text, 'text');
    else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression))
    )
      report(node, node.expression.text, 'text');
    else if (ts.isJsxAttribute(node) && READABLE_ATTRIBUTES.has(node.name.getText(source))) {
      const init = node.initializer;
      const value =
        init && ts.isStringLiteral(init)
          ? init.text
          : init &&
              ts.isJsxExpression(init) &&
              init.expression &&
              (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
            ? init.expression.text
            : undefined;
      if (value !== undefined && !KEY.test(value)) report(node, value, `${node.name.getText(source)}=`);
    } else if (ts.isPropertyAssignment(node) && READABLE_FIELDS.has(propertyName(node.name))) {
      const value = stringOf(node.initializer);
      if (value !== undefined && !KEY.test(value)) report(node, value, `${propertyName(node.name)}:`);
      // A raw error message (English, technical) shown as a text: errorText() says it in the person's language.
      else if (rawMessage(node.initializer))
        problems.push(`${path}:${line(source, node)}: ${propertyName(node.name)}: a raw error message`);
    } else if (kind === ts.ScriptKind.TSX && ts.isArrayLiteralExpression(node) && node.elements.length > 1) {
      // An option list of words (`['Blog Post', 'Custom Post']`): every element a capitalised word.
      const values = node.elements.map(stringOf);
      if (values.every((v) => v !== undefined && /^\p{Lu}\p{Ll}/u.test(v)))
        for (const [i, el] of node.elements.entries()) report(el, values[i] as string, 'option');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

/** `error.message` or `` `${x}: ${err.message}` ``: an error's own message (a call around it is left alone). */
function rawMessage(node: ts.Node): boolean {
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'message') return true;
  if (ts.isCallExpression(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
  return ts.forEachChild(node, (child) => rawMessage(child) || undefined) ?? false;
}

const propertyName = (name: ts.PropertyName): string =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : '';

/** The text of a string literal (or a template without substitutions), else undefined. */
const stringOf = (node: ts.Expression | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** Blanks out a range but keeps its line breaks, so line numbers stay right. */
const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/** `{...}` expressions blanked, braces balanced (strings inside are skipped roughly). */
function blankExpressions(template: string): string {
  let out = '';
  let depth = 0;
  for (const ch of template) {
    if (ch === '{') depth++;
    out += depth > 0 ? (ch === '\n' ? '\n' : ' ') : ch;
    if (ch === '}' && depth > 0) depth--;
  }
  return out;
}

/** Readable literals in the template of an .astro file. */
function literalsInAstro(path: string, text: string): Problem[] {
  const front = /^\s*---\n[\s\S]*?\n---/.exec(text);
  let template = front ? blank(front[0]) + text.slice(front[0].length) : text;
  template = template
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/<(code|pre)\b[\s\S]*?<\/\1>/g, blank);
  template = blankExpressions(template);
  const problems: Problem[] = [];
  const lineAt = (index: number) => template.slice(0, index).split('\n').length;
  for (const m of template.matchAll(/>([^<>]+)</g)) {
    if (isReadable(m[1] ?? '')) problems.push(`${path}:${lineAt(m.index + 1)}: text ${quote(m[1] ?? '')}`);
  }
  for (const m of template.matchAll(/\s([a-z][\w-]*)="([^"]*)"/g)) {
    const [, name = '', value = ''] = m;
    if (READABLE_ATTRIBUTES.has(name) && isReadable(value) && !KEY.test(value))
      problems.push(`${path}:${lineAt(m.index)}: ${name}= ${quote(value)}`);
  }
  return problems;
}

/** The local stand-ins (catalog fixtures in three languages): data, not components. */
const STAND_IN = /(^|\/)lib\/storefront\/local\//;

/** Readable literals in components (.tsx, .astro) and text passed as data (.ts); other files are not looked at. */
export function findLiterals(files: Array<{ path: string; text: string }>): Problem[] {
  return files.flatMap(({ path, text }) =>
    path.endsWith('.tsx') || (path.endsWith('.ts') && !STAND_IN.test(path))
      ? literalsInTsx(path, text)
      : path.endsWith('.astro')
        ? literalsInAstro(path, text)
        : [],
  );
}
