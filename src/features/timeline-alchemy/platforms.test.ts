import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkText, countHashtags, foldText, INSTAGRAM_MAX_HASHTAGS, parseChannel } from './platforms.ts';
import conformance from './wizard/twitter-conformance.json' with { type: 'json' };
import { loadXCounter } from './x-counter.ts';

type Case = { description: string; text: string; weightedLength: number; valid: boolean };
const cases = conformance.cases as Record<string, Case[]>;

const weighted = await loadXCounter();

describe('X counter against twitter-text conformance (validate.yml)', () => {
  // The default (v3) configuration: emoji count 2 whatever their code points.
  for (const c of cases['WeightedTweetsWithDiscountedEmojiCounterTest'] ?? []) {
    it(c.description, () => {
      expect(weighted(c.text)).toBe(c.weightedLength);
      const check = checkText('X (Twitter)', c.text, weighted);
      // "valid" in the suite also rejects invalid characters, which we do not check; length must agree.
      if (c.weightedLength > 280) expect(check.ok).toBe(false);
      if (c.valid) expect(check.ok).toBe(true);
    });
  }

  it('a URL counts 23 and an emoji 2', () => {
    expect(weighted('https://example.com/a/very/long/path/that/goes/on/and/on')).toBe(23);
    expect(weighted('🙂')).toBe(2);
  });

  it('the v2 cases agree with the library run with its v2 config (same parser)', () => {
    const lib = createRequire(import.meta.url)('twitter-text') as {
      parseTweet: (t: string, c: unknown) => { weightedLength: number };
      configs: { version2: unknown };
    };
    for (const c of cases['WeightedTweetsCounterTest'] ?? []) {
      expect(lib.parseTweet(c.text, lib.configs.version2).weightedLength, c.description).toBe(
        c.weightedLength,
      );
    }
  });
});

describe('Instagram hashtag rule', () => {
  it('counts hashtags the way Instagram does', () => {
    expect(countHashtags('#one #two three#four #5 ##six #sev_en')).toBe(3);
    expect(countHashtags('Stilte = thuiskomen. #stilte #meditatie')).toBe(2);
    expect(countHashtags('Café #zürich #日本')).toBe(2);
    expect(countHashtags('no tags & #123 only numbers')).toBe(0);
  });

  it(`allows ${INSTAGRAM_MAX_HASHTAGS} hashtags and blocks the sixth`, () => {
    const five = '#a #b #c #d #e';
    expect(checkText('Instagram', five).ok).toBe(true);
    const six = checkText('Instagram', `${five} #f`);
    expect(six).toMatchObject({ ok: false, reason: 'tooManyHashtags', hashtags: 6 });
  });
});

describe('limits and fold', () => {
  it('blocks a text over the platform limit and says by how much', () => {
    expect(checkText('LinkedIn', 'x'.repeat(3000)).ok).toBe(true);
    expect(checkText('LinkedIn', 'x'.repeat(3001))).toMatchObject({ ok: false, reason: 'tooLong', over: 1 });
    expect(checkText('Facebook', 'x'.repeat(63_207)).ok).toBe(false);
    expect(checkText('Blog Post', '   ')).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('folds Instagram at 125 and LinkedIn at 210 characters; Facebook not at all', () => {
    const text = 'a'.repeat(300);
    expect(foldText('Instagram', text).shown).toHaveLength(125);
    expect(foldText('LinkedIn', text).shown).toHaveLength(210);
    expect(foldText('Facebook', text).hidden).toBe('');
  });

  it('reads the stored channel string', () => {
    expect(parseChannel('Instagram, X (Twitter), Unknown')).toEqual(['Instagram', 'X (Twitter)']);
    expect(parseChannel(null)).toEqual([]);
  });
});
