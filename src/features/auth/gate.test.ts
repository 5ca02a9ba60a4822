import { describe, expect, it } from 'vitest';
import { roleAllows, signInUrl } from './gate.ts';
import { safeNext } from './next-path.ts';

describe('safeNext', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeNext('/en/user/abc?x=1#post-2', '/')).toBe('/en/user/abc?x=1#post-2');
  });
  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'community',
    '/auth',
    '/en/auth/',
    '',
  ])('refuses %j', (next) => {
    expect(safeNext(next, '/home')).toBe('/home');
  });
  it('refuses null and overly long values', () => {
    expect(safeNext(null, '/f')).toBe('/f');
    expect(safeNext(`/${'a'.repeat(2001)}`, '/f')).toBe('/f');
  });
});

describe('signInUrl', () => {
  it('round-trips through safeNext', () => {
    const url = new URL(signInUrl('/de/auth', '/de/messages/1?a=b'), 'http://x');
    expect(url.pathname).toBe('/de/auth');
    expect(safeNext(url.searchParams.get('next'), '/')).toBe('/de/messages/1?a=b');
  });
});

describe('roleAllows', () => {
  it('lets a role in only where it is named', () => {
    expect(roleAllows('admin', 'client')).toBe(false);
    expect(roleAllows('admin', ['admin', 'client'])).toBe(true);
    expect(roleAllows('client', 'client')).toBe(true);
    expect(roleAllows('member', 'client')).toBe(false);
    expect(roleAllows('client', 'admin')).toBe(false);
    expect(roleAllows('member', ['client', 'member'])).toBe(true);
    expect(roleAllows('member', undefined)).toBe(true);
  });
});
