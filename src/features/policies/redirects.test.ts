import { describe, expect, it } from 'vitest';
import { policyPaths } from '~/i18n/routes.ts';
import { policyRedirects, policyStaticPaths } from './redirects.ts';

describe('policy redirects', () => {
  const redirects = policyRedirects();

  it('sends every SPEC alias to the page in its own language', () => {
    const aliases: Record<string, string> = {
      '/privacy-policy': '/en/privacy-policy',
      '/terms-of-service': '/en/terms-of-service',
      '/shipping-policy': '/en/shipping-policy',
      '/refund-policy': '/en/refund-policy',
      '/datenschutz': '/de/datenschutz',
      '/nutzungsbedingungen': '/de/nutzungsbedingungen',
      '/versandrichtlinien': '/de/versandrichtlinien',
      '/rückgaberecht': '/de/rückgaberecht',
      '/r%C3%BCckgaberecht': '/de/rückgaberecht',
    };
    for (const [from, to] of Object.entries(aliases)) {
      expect(redirects[from], from).toEqual({ status: 301, destination: to });
    }
  });

  it('never redirects a canonical page address', () => {
    for (const byLang of Object.values(policyPaths)) {
      for (const path of Object.values(byLang)) {
        expect(redirects[path], path).toBeUndefined();
        expect(redirects[encodeURI(path)], path).toBeUndefined();
      }
    }
  });

  it('sends a prefixed address with another language name to that prefix', () => {
    expect(redirects['/en/datenschutz']?.destination).toBe('/en/privacy-policy');
    expect(redirects['/de/privacybeleid']?.destination).toBe('/de/datenschutz');
    expect(redirects['/de/refund-policy']?.destination).toBe('/de/rückgaberecht');
  });

  it('lists one page per policy and language', () => {
    const paths = policyStaticPaths();
    expect(paths).toHaveLength(12);
    expect(paths).toContainEqual({
      params: { lang: undefined, policy: 'privacybeleid' },
      props: { kind: 'privacy', lang: 'nl' },
    });
    expect(paths).toContainEqual({
      params: { lang: 'de', policy: 'rückgaberecht' },
      props: { kind: 'refund', lang: 'de' },
    });
  });
});
