/*
 * Root fields of the local store beyond products and content (store work of issue 12): `menu`
 * (main-menu and footer, the site's own navigation), `page`/`pages` (about, contact), the
 * `shop` fields a storefront reads (brand, payment settings, ships-to countries) and
 * `localization`. Merged into the rootValue by ./index.ts.
 */
import type { GraphQLResolveInfo, ValueNode } from 'graphql';
import { type Locale, localizePath } from '../../../i18n/locales.ts';
import { policyPaths } from '../../../i18n/routes.ts';
import { type MessageKey, t } from '../../../i18n/t.ts';
import { site } from '../../site.ts';
import { connection, localeOf } from './context.ts';
import type { Catalog } from './types.ts';

type Args = Record<string, unknown>;
type Resolver = (args: Args, context: unknown, info: GraphQLResolveInfo) => unknown;

/** The shop's web address; menu item URLs are absolute on it, as Shopify's are. */
const PRIMARY_DOMAIN = { url: 'http://localhost:4321', host: 'localhost', sslEnabled: false };
const UPDATED_AT = '2025-11-03T10:00:00Z';

const LANGUAGES = [
  { isoCode: 'NL', locale: 'nl' as const, endonymName: 'Nederlands' },
  { isoCode: 'EN', locale: 'en' as const, endonymName: 'English' },
  { isoCode: 'DE', locale: 'de' as const, endonymName: 'Deutsch' },
];
const COUNTRIES: Record<string, { name: Record<Locale, string>; language: string }> = {
  NL: { name: { nl: 'Nederland', en: 'Netherlands', de: 'Niederlande' }, language: 'NL' },
  BE: { name: { nl: 'België', en: 'Belgium', de: 'Belgien' }, language: 'NL' },
  DE: { name: { nl: 'Duitsland', en: 'Germany', de: 'Deutschland' }, language: 'DE' },
  AT: { name: { nl: 'Oostenrijk', en: 'Austria', de: 'Österreich' }, language: 'DE' },
  US: { name: { nl: 'Verenigde Staten', en: 'United States', de: 'Vereinigte Staaten' }, language: 'EN' },
};
const languageNames: Record<string, Record<Locale, string>> = {
  NL: { nl: 'Nederlands', en: 'Dutch', de: 'Niederländisch' },
  EN: { nl: 'Engels', en: 'English', de: 'Englisch' },
  DE: { nl: 'Duits', en: 'German', de: 'Deutsch' },
};

function argumentValue(node: ValueNode | undefined, variables: Record<string, unknown>): unknown {
  if (!node) return undefined;
  if (node.kind === 'Variable') return variables[node.name.value];
  return node.kind === 'EnumValue' || node.kind === 'StringValue' ? node.value : undefined;
}

/** The country of `@inContext(country:)`, or NL (the shop's own market) when none or unknown. */
function countryOf(info: GraphQLResolveInfo): string {
  const directive = info.operation.directives?.find((d) => d.name.value === 'inContext');
  const arg = directive?.arguments?.find((a) => a.name.value === 'country');
  const value = argumentValue(arg?.value, info.variableValues as Record<string, unknown>);
  return typeof value === 'string' && value in COUNTRIES ? value : 'NL';
}

function language(isoCode: string, lang: Locale) {
  const found = LANGUAGES.find((l) => l.isoCode === isoCode) ?? LANGUAGES[0];
  return {
    __typename: 'Language',
    isoCode: found?.isoCode,
    endonymName: found?.endonymName,
    name: languageNames[found?.isoCode ?? 'NL']?.[lang],
  };
}

function country(isoCode: string, lang: Locale) {
  const found = COUNTRIES[isoCode] ?? (COUNTRIES.NL as (typeof COUNTRIES)[string]);
  return {
    __typename: 'Country',
    isoCode,
    name: found.name[lang],
    currency: { __typename: 'Currency', isoCode: 'EUR', name: 'Euro', symbol: '€' },
    unitSystem: 'METRIC_SYSTEM',
    // Every language of the shop is published in every market.
    availableLanguages: LANGUAGES.map((l) => language(l.isoCode, lang)),
    defaultLanguage: language(found.language, lang),
    market: { __typename: 'Market', id: `gid://shopify/Market/${isoCode}`, handle: isoCode.toLowerCase() },
  };
}

type Item = { key: string; title: string; path: string; type: string; resourceId?: string; items?: Item[] };

function menuItem(item: Item): Record<string, unknown> {
  return {
    __typename: 'MenuItem',
    id: `gid://shopify/MenuItem/${item.key}`,
    title: item.title,
    url: /^https?:/.test(item.path) ? item.path : `${PRIMARY_DOMAIN.url}${encodeURI(item.path)}`,
    type: item.type,
    resourceId: item.resourceId ?? null,
    resource: null,
    tags: [],
    items: (item.items ?? []).map(menuItem),
  };
}

/** The site's header and footer navigation as Shopify menus (handles main-menu and footer). */
function menus(lang: Locale, catalog: Catalog): Record<string, { title: string; items: Item[] }> {
  const tr = (key: MessageKey) => t(lang, key);
  const path = (p: string) => localizePath(p, lang);
  const collection = (handle: string, key: MessageKey): Item => {
    const found = catalog.collections.find((c) => c.handle === handle);
    return {
      key: `collection-${handle}`,
      title: tr(key),
      path: path(`/shop/collection/${handle}`),
      type: 'COLLECTION',
      ...(found ? { resourceId: `gid://shopify/Collection/${found.id}` } : {}),
    };
  };
  const policy = (kind: keyof typeof policyPaths, key: MessageKey): Item => ({
    key: `policy-${kind}-${lang}`,
    title: tr(key),
    path: policyPaths[kind][lang],
    type: 'SHOP_POLICY',
  });
  return {
    'main-menu': {
      title: tr('nav.main'),
      items: [
        { key: 'home', title: tr('nav.home'), path: path('/'), type: 'FRONTPAGE' },
        {
          key: 'about',
          title: tr('nav.about'),
          path: path('/about'),
          type: 'PAGE',
          resourceId: 'gid://shopify/Page/1',
        },
        {
          key: 'shop',
          title: tr('nav.shop'),
          path: path('/shop'),
          type: 'CATALOG',
          items: [
            collection('alle-kleding', 'footer.allClothing'),
            collection('digitale-producten', 'footer.digitalProducts'),
            collection('andere-merchandise', 'footer.otherMerch'),
          ],
        },
        { key: 'blog', title: tr('nav.blog'), path: path('/blog'), type: 'BLOG' },
        { key: 'community', title: tr('nav.community'), path: path('/community'), type: 'HTTP' },
        {
          key: 'contact',
          title: tr('nav.contact'),
          path: path('/contact'),
          type: 'PAGE',
          resourceId: 'gid://shopify/Page/2',
        },
      ],
    },
    footer: {
      title: tr('footer.legal'),
      items: [
        policy('privacy', 'footer.privacy'),
        policy('terms', 'footer.terms'),
        policy('shipping', 'footer.shipping'),
        policy('refund', 'footer.refund'),
      ],
    },
  };
}

function pageNodes(lang: Locale): Record<string, unknown>[] {
  const tr = (key: MessageKey) => t(lang, key);
  const about = [
    `<p>${tr('about.lead')}</p>`,
    `<h2>${tr('about.missionTitle')}</h2><p>${tr('about.mission')}</p>`,
    `<h2>${tr('about.valuesTitle')}</h2><ul><li>${tr('about.value1')}</li><li>${tr('about.value2')}</li><li>${tr('about.value3')}</li></ul>`,
    `<p>${tr('about.closing')}</p>`,
  ].join('');
  const contact = `<p>${tr('meta.contact.description')}</p><p>${site.email}<br>${site.phone}</p>`;
  return [
    {
      id: 1,
      handle: 'about',
      title: tr('meta.about.title'),
      body: about,
      summary: tr('meta.about.description'),
    },
    {
      id: 2,
      handle: 'contact',
      title: tr('meta.contact.title'),
      body: contact,
      summary: tr('meta.contact.description'),
    },
  ].map((p) => ({
    __typename: 'Page',
    id: `gid://shopify/Page/${p.id}`,
    handle: p.handle,
    title: p.title,
    body: p.body,
    bodySummary: p.summary,
    createdAt: '2025-01-06T09:00:00Z',
    updatedAt: UPDATED_AT,
    onlineStoreUrl: `${PRIMARY_DOMAIN.url}${localizePath(`/${p.handle}`, lang)}`,
    seo: { __typename: 'SEO', title: null, description: null },
    metafield: null,
    metafields: (args: Args) => ((args.identifiers as unknown[] | undefined) ?? []).map(() => null),
    trackingParameters: null,
  }));
}

/** Shop fields beyond name, domain and policies. */
export function shopExtras(): Record<string, unknown> {
  return {
    brand: {
      __typename: 'Brand',
      slogan: null,
      shortDescription: null,
      logo: null,
      squareLogo: null,
      coverImage: null,
      colors: { __typename: 'BrandColors', primary: [], secondary: [] },
    },
    moneyFormat: '€{{amount_with_comma_separator}}',
    paymentSettings: {
      __typename: 'PaymentSettings',
      countryCode: site.address.country,
      currencyCode: 'EUR',
      acceptedCardBrands: ['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS'],
      cardVaultUrl: 'https://elb.deposit.shopifycs.com/sessions',
      enabledPresentmentCurrencies: ['EUR'],
      supportedDigitalWallets: ['APPLE_PAY', 'GOOGLE_PAY', 'SHOPIFY_PAY'],
      shopifyPaymentsAccountId: null,
    },
    shipsToCountries: Object.keys(COUNTRIES),
    customerAccountUrl: null,
    metafield: null,
    metafields: (args: Args) => ((args.identifiers as unknown[] | undefined) ?? []).map(() => null),
  };
}

export function createShopExtrasRoot(catalog: Catalog): Record<string, Resolver> {
  return {
    menu: (args, _ctx, info) => {
      const found = menus(localeOf(info), catalog)[String(args.handle)];
      if (!found) return null;
      return {
        __typename: 'Menu',
        id: `gid://shopify/Menu/${String(args.handle)}`,
        handle: args.handle,
        title: found.title,
        itemsCount: found.items.length,
        items: found.items.map(menuItem),
      };
    },
    page: (args, _ctx, info) => {
      const list = pageNodes(localeOf(info));
      return list.find((p) => (args.handle ? p.handle === args.handle : p.id === args.id)) ?? null;
    },
    pageByHandle: (args, _ctx, info) =>
      pageNodes(localeOf(info)).find((p) => p.handle === args.handle) ?? null,
    pages: (args, _ctx, info) => connection(pageNodes(localeOf(info)), args),
    localization: (_args, _ctx, info) => {
      const lang = localeOf(info);
      const code = countryOf(info);
      return {
        __typename: 'Localization',
        availableLanguages: LANGUAGES.map((l) => language(l.isoCode, lang)),
        availableCountries: Object.keys(COUNTRIES).map((c) => country(c, lang)),
        language: language(LANGUAGES.find((l) => l.locale === lang)?.isoCode ?? 'NL', lang),
        country: country(code, lang),
        market: { __typename: 'Market', id: `gid://shopify/Market/${code}`, handle: code.toLowerCase() },
      };
    },
  };
}
