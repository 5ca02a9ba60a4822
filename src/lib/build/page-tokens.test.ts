import { describe, expect, it } from 'vitest';
import { type PageTokens, pageTokens } from './css-rules.ts';

/*
 * pageTokens scans a page by character codes (a large build's cost per page); it must read exactly
 * what the two regular expressions it replaced read. This is that implementation, as it was, to
 * compare with: on hand-made edge cases and on many generated pages of tag-like text.
 */
const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
function regexTokens(html: string): PageTokens {
  const tokens: PageTokens = {
    classes: new Set(),
    ids: new Set(),
    tags: new Set(['html', 'head', 'body']),
    attributes: new Set(),
  };
  for (const [, tagName = '', attributes = ''] of html.matchAll(TAG)) {
    tokens.tags.add(tagName.toLowerCase());
    for (const attribute of attributes.matchAll(ATTRIBUTE)) {
      const name = (attribute[1] ?? '').toLowerCase();
      tokens.attributes.add(name);
      const value = attribute[2] ?? attribute[3] ?? attribute[4];
      if (value === undefined) continue;
      if (name === 'class') for (const c of decodeEntities(value).split(/\s+/)) c && tokens.classes.add(c);
      else if (name === 'id') tokens.ids.add(decodeEntities(value));
    }
  }
  return tokens;
}

/** The tokens in the order they were found (the order is part of the memo key in critical-css.ts). */
const listed = (t: PageTokens) => ({
  tags: [...t.tags],
  attributes: [...t.attributes],
  classes: [...t.classes],
  ids: [...t.ids],
});

/** A small deterministic generator (the same pages every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const PIECES = [
  '<',
  '>',
  '"',
  "'",
  '=',
  ' ',
  '\n',
  '\t',
  '\u00a0',
  '/',
  '`',
  '-',
  'a',
  'B',
  'div',
  'DiV',
  'x-y',
  'class',
  'CLASS',
  'id',
  'data-x',
  'hidden',
  '&amp;',
  '&#x41;',
  '&#65;',
  '&bogus;',
  'é',
  '1',
  '<!--',
  '-->',
  '<script>',
  '</script>',
  'class="a b"',
  "id='x'",
  'class=c',
  'id=',
  ' = ',
  '<p',
  '<svg ',
];

describe('pageTokens', () => {
  it('reads tags, attributes, classes and ids of ordinary markup', () => {
    const t = pageTokens(
      '<div class="a  b" id="main" data-open hidden><A HREF=/x CLASS=\'c&amp;d\'>x</A><input value=1 /></div>',
    );
    expect(listed(t)).toEqual({
      tags: ['html', 'head', 'body', 'div', 'a', 'input'],
      attributes: ['class', 'id', 'data-open', 'hidden', 'href', 'value'],
      classes: ['a', 'b', 'c&d'],
      ids: ['main'],
    });
  });

  it('reads what the regular expressions read, edge cases', () => {
    const cases = [
      '',
      '<',
      '<a',
      '<a>',
      '<1a>',
      '<a b="x>y" c>',
      '<a b="unclosed><p class=x>',
      '<a b=\'x"y\' c="x\'y">',
      '<a class="" id="">',
      '<a class= x id =y>',
      '<a ==b c= =d>',
      '<a b=`x` c=<d>',
      '<a\u00a0class=x\u00a0id=y>',
      '<a class="x\u00a0y">',
      '<p>1 < 2 and 3 > 2</p><b class=z>',
      '<script>if (a<b && c>d) x = "<i class=q>"</script>',
      '<!-- <em class=hidden> --><em>',
      '<a/b/c=d/>',
      '<x-y data-A="1" Data-B>',
      '<a b="c"d=\'e\'f=g>',
      '<a class="&#x41;&#66;&bogus;&AMP;">',
      // A value's quote that closes the tag's quoted text: its own close would lie beyond the tag.
      '<x a=<"class=">tail" more',
    ];
    for (const html of cases) expect(listed(pageTokens(html)), html).toEqual(listed(regexTokens(html)));
  });

  it('reads what the regular expressions read, generated pages', () => {
    const next = random(26);
    for (let n = 0; n < 3000; n++) {
      let html = '';
      const parts = 1 + Math.floor(next() * 40);
      for (let p = 0; p < parts; p++) html += PIECES[Math.floor(next() * PIECES.length)];
      expect(listed(pageTokens(html)), JSON.stringify(html)).toEqual(listed(regexTokens(html)));
    }
  });
});
