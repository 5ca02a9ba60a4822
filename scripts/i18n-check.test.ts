import { describe, expect, it } from 'vitest';
import { checkSources, findUncounted, findUndefinedKeys } from './i18n-check.ts';

/* `npm run i18n:check`: what it reports and what it must let pass (more cases in src/i18n/i18n.test.ts). */

describe('the i18n check', () => {
  const one = (en: object, nl: object = en, de: object = en) => checkSources({ demo: { en, nl, de } });

  it('accepts complete dictionaries, placeholders in any order', () => {
    expect(one({ 'a.b': '{x} and {y}' }, { 'a.b': '{y} en {x}' })).toEqual([]);
  });

  it('reports a message that is not a string, or only white space', () => {
    expect(one({ 'a.b': 'B' }, { 'a.b': 5 })).toEqual(['demo: "a.b" is missing or empty in nl']);
    expect(one({ 'a.b': 'B' }, { 'a.b': 'B' }, { 'a.b': '\n' })).toEqual([
      'demo: "a.b" is missing or empty in de',
    ]);
  });

  it('reports a placeholder missing or extra in one language', () => {
    expect(one({ 'a.b': '{x}' }, { 'a.b': 'geen' })).toEqual([
      'demo: "a.b" in nl has placeholders {}, en has {x}',
    ]);
    expect(one({ 'a.b': '{x}' }, { 'a.b': '{x} {y}' })).toEqual([
      'demo: "a.b" in nl has placeholders {x,y}, en has {x}',
    ]);
  });

  it('reports an extra key in each language that has it', () => {
    expect(one({ 'a.b': 'B' }, { 'a.b': 'B' }, { 'a.b': 'B', 'a.c': 'C' })).toEqual([
      'demo: "a.c" exists in de but not in en',
    ]);
  });

  it('finds keys in every form code uses them', () => {
    const text = [
      "t('k.one')",
      't(lang, "k.two")',
      'tr(`k.three`)',
      "msg( 'k.four' )",
      "translate(x.lang, 'k.five')",
      "message('k.six')",
      "{ key: 'k.seven' }",
      "{ labelKey: 'k.eight' }",
      "t(lang , 'k.nine')",
      "t(lang,  'nav.ten.x')",
      "{ titleKey : 'nav.eleven.y' }",
      "{ key:'nav.twelve' }",
    ].join('\n');
    expect(findUndefinedKeys([{ path: 'f.ts', text }], new Set(['k.two']))).toEqual([
      'f.ts: uses "k.one", which no dictionary defines',
      'f.ts: uses "k.three", which no dictionary defines',
      'f.ts: uses "k.four", which no dictionary defines',
      'f.ts: uses "k.five", which no dictionary defines',
      'f.ts: uses "k.six", which no dictionary defines',
      'f.ts: uses "k.seven", which no dictionary defines',
      'f.ts: uses "k.eight", which no dictionary defines',
      'f.ts: uses "k.nine", which no dictionary defines',
      'f.ts: uses "nav.ten.x", which no dictionary defines',
      'f.ts: uses "nav.eleven.y", which no dictionary defines',
      'f.ts: uses "nav.twelve", which no dictionary defines',
    ]);
  });

  it('accepts a counted key by its base only when both forms exist', () => {
    const text = "t('n.items', { count }) t('n.half', { count })";
    expect(
      findUndefinedKeys([{ path: 'f.ts', text }], new Set(['n.items.one', 'n.items.other', 'n.half.one'])),
    ).toEqual(['f.ts: uses "n.half", which no dictionary defines']);
  });

  it('ignores strings that are not key-shaped or not translated', () => {
    const text = "t('hello') print('k.x') split('a.b') at(lang, 'Nope.x') key: 'k' format(t)";
    expect(findUndefinedKeys([{ path: 'f.ts', text }], new Set())).toEqual([]);
  });

  it('reports a count without plural forms ("1 reports"), not counted pairs or allowed counters', () => {
    const base = {
      'moderation.reports': '{count} reports',
      'shop.productCount.one': '{count} product',
      'shop.productCount.other': '{count} products',
      'taw.counter': '{count} / {max}',
      'a.title': 'No count here',
    };
    expect(findUncounted(base)).toEqual([
      '"moderation.reports" ("{count} reports") counts without the forms moderation.reports.one / moderation.reports.other',
    ]);
  });
});
