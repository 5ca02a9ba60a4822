import { describe, expect, it } from 'vitest';
import { onDemandLocale } from './on-demand-locale.ts';

describe('onDemandLocale', () => {
  it('reads the default language from an address without prefix and the others from theirs', () => {
    expect(onDemandLocale(undefined)).toBe('nl');
    expect(onDemandLocale('en')).toBe('en');
    expect(onDemandLocale('de')).toBe('de');
  });

  it('refuses the default language as a prefix and unknown prefixes', () => {
    expect(onDemandLocale('nl')).toBeNull();
    expect(onDemandLocale('fr')).toBeNull();
  });
});
