import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from './realtime-filter.ts';

describe('realtime filters', () => {
  const row = { id: 7, user_id: 'abc', read: false, score: 10 };

  it('parses column=op.value and rejects anything else', () => {
    expect(parseFilter(undefined)).toBeNull();
    expect(parseFilter('user_id=eq.abc')).toEqual({ column: 'user_id', op: 'eq', value: 'abc' });
    expect(parseFilter('user_id=like.a%')).toBe('invalid');
    expect(parseFilter('nonsense')).toBe('invalid');
  });

  it.each([
    ['user_id=eq.abc', true],
    ['user_id=eq.abd', false],
    ['user_id=neq.abd', true],
    ['read=eq.false', true],
    ['score=gt.9', true],
    ['score=gte.10', true],
    ['score=lt.10', false],
    ['score=lte.10', true],
    ['id=in.(1,7,9)', true],
    ['id=in.(1,9)', false],
  ])('%s -> %s', (filter, expected) => {
    const parsed = parseFilter(filter);
    if (parsed === 'invalid') throw new Error('invalid');
    expect(matchesFilter(parsed, row)).toBe(expected);
  });
});
