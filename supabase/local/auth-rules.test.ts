import { describe, expect, it } from 'vitest';
import { safeRedirect, userMetadata } from './auth-rules.ts';
import { jsonDepth } from './rest-proxy.ts';

const config = {
  siteUrl: 'http://localhost:4321',
  allowList: ['http://127.0.0.1:4321', 'http://127.0.0.1:*/**'],
};

describe('safeRedirect (GoTrue allow-list)', () => {
  it.each([
    ['http://localhost:9999/any/path', 'http://localhost:9999/any/path'],
    ['http://127.0.0.1:4321', 'http://127.0.0.1:4321/'],
    ['http://127.0.0.1:4332/en/auth', 'http://127.0.0.1:4332/en/auth'],
    ['https://evil.example/x', 'http://localhost:4321'],
    ['http://127.0.0.1.evil.example:80/x', 'http://localhost:4321'],
    ['http://127.0.0.1:43:21/x', 'http://localhost:4321'],
    ['javascript:alert(1)', 'http://localhost:4321'],
    ['not a url', 'http://localhost:4321'],
    [null, 'http://localhost:4321'],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirect(input, config)).toBe(expected);
  });
});

describe('userMetadata bounds', () => {
  const nested = (depth: number) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  };
  it('keeps an object up to 8 levels and 16 KB', () => {
    expect(userMetadata(nested(7))).toEqual(nested(7));
    expect(userMetadata({ s: 'x'.repeat(16_000) })).toBeTruthy();
    expect(userMetadata(undefined)).toBeNull();
  });
  it('refuses deeper, larger or non-objects', () => {
    expect(() => userMetadata(nested(9))).toThrow(/nested/);
    expect(() => userMetadata({ s: 'x'.repeat(16_400) })).toThrow(/bytes/);
    expect(() => userMetadata([1])).toThrow(/object/);
    expect(() => userMetadata('x')).toThrow(/object/);
  });
});

describe('jsonDepth', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepth(Buffer.from('{"a":[1,{"b":2}]}'))).toBe(3);
    expect(jsonDepth(Buffer.from('{"a":"[[[[{{{{"}'))).toBe(1);
    expect(jsonDepth(Buffer.from('{"a":"\\"[[["}'))).toBe(1);
    expect(jsonDepth(Buffer.from('1'))).toBe(0);
  });
  it('stops just past the limit', () => {
    expect(jsonDepth(Buffer.from('['.repeat(1000)), 64)).toBe(65);
  });
});
