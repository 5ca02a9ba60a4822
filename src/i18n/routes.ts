import type { Locale } from './locales.ts';

export type PolicyKind = 'privacy' | 'terms' | 'shipping' | 'refund';

/** The canonical, per-language address of each shop policy page. */
export const policyPaths: Record<PolicyKind, Record<Locale, string>> = {
  privacy: { nl: '/privacybeleid', en: '/en/privacy-policy', de: '/de/datenschutz' },
  terms: { nl: '/algemene-voorwaarden', en: '/en/terms-of-service', de: '/de/nutzungsbedingungen' },
  shipping: { nl: '/verzendbeleid', en: '/en/shipping-policy', de: '/de/versandrichtlinien' },
  refund: { nl: '/retourbeleid', en: '/en/refund-policy', de: '/de/rückgaberecht' },
};
