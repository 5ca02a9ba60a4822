import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('makes http(s) and www. addresses links and leaves the rest as text', () => {
    expect(linkify('See https://example.com/a?b=1, and www.test.nl.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', and ' },
      { kind: 'link', text: 'www.test.nl', href: 'https://www.test.nl/' },
      { kind: 'text', text: '.' },
    ]);
  });
  it('never turns markup or other schemes into links', () => {
    const parts = linkify('<a href="javascript:alert(1)">x</a> javascript:alert(1) data:text/html,hi');
    expect(parts.every((p) => p.kind === 'text')).toBe(true);
    expect(parts.map((p) => p.text).join('')).toBe(
      '<a href="javascript:alert(1)">x</a> javascript:alert(1) data:text/html,hi',
    );
  });
  it('leaves sentence punctuation after a link as text', () => {
    expect(linkify('see https://example.com/x. <b>x</b> javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: '. <b>x</b> javascript:alert(1)' },
    ]);
  });
  it('keeps plain text whole', () => {
    expect(linkify('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
  });
});
