/**
 * The floors of src/ (docs/architecture.md), top to bottom; imports point only downward:
 *   pages -> layouts -> features/<name> -> components -> lib -> i18n
 * supabase/local and src/lib/storefront/local (the local stand-ins) are apart.
 * Run with `npm run deps` (scripts/deps.ts: it also reads the imports of .astro files, which
 * dependency-cruiser cannot parse itself, and fails when features tie to each other, directly or
 * around a cycle of features). Exceptions: `pathNot` entries below, each with its reason.
 */
const feature = '^src/features/([^/]+)/';
// A feature's public entries, named by where their code runs: index.ts (light browser-safe logic,
// stores, types), shell.ts (what the page shell runs on every page), islands.ts (React components and hooks), server.ts (endpoint handlers,
// build-time data), views.ts (its .astro components), pages.ts (its signed-in pages, for page
// files) and mount-<page>.ts (the browser entry of one signed-in page). See docs/architecture.md.
const entry = '^src/features/[^/]+/(index|shell|islands|server|views|pages|mount-[a-z-]+)\\.ts$';
// Exceptions, each with its reason:
const lazyEntries = [
  // The product form loads the checkout on the first "buy now" click: a dynamic import of its own
  // file keeps it out of the product page's first load (the cart entry is loaded already).
  '^src/features/cart/checkout\\.ts$',
];
// Each feature's mail templates (`mails.ts`, no build-time env at import) for the mail outbox
// worker, which runs outside Vite (a Netlify scheduled function, the local stack under plain node)
// where a server.ts reading import.meta.env would throw.
const mailEntries = ['^src/features/[^/]+/mails\\.ts$'];
// Whole-page views that render inside BaseLayout because they compute the page's head (title,
// JSON-LD, prev/next links) from the data they load. To split into a page and a view next.
const pageViews = [
  '^src/features/(shop/(ProductView|CollectionView|listing/ShopPage)|search/SearchPage|checkout/DemoCheckout|blog/BlogOverviewPage)\\.astro',
];
const tests = '\\.(test|limits\\.test)\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-deep-import',
      comment:
        'Another feature is reached only through its entries (index, shell, islands, server, views, pages, mount-*).',
      severity: 'error',
      from: { path: feature },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', entry, ...lazyEntries, ...mailEntries] },
    },
    {
      name: 'outside-deep-import',
      comment:
        'Pages and layouts use a feature only through its entries (index, shell, islands, server, views, pages, mount-*).',
      severity: 'error',
      from: { path: '^src/(pages|layouts)/' },
      to: { path: '^src/features/', pathNot: entry },
    },
    {
      name: 'features-below-layouts',
      comment: 'Features are composed by layouts and pages, never the other way round.',
      severity: 'error',
      from: { path: '^src/features/', pathNot: pageViews },
      to: { path: '^src/(pages|layouts)/' },
    },
    {
      name: 'components-import-no-feature',
      comment: 'components/ is shared UI: no feature, no layout, no page.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/(features|layouts|pages)/' },
    },
    {
      name: 'lib-floor',
      comment: 'lib/ imports only lib/ and i18n/.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(features|layouts|pages|components)/' },
    },
    {
      name: 'i18n-floor',
      comment: 'i18n/ is the lowest floor: it imports nothing else of src/.',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: { path: '^src/(features|layouts|pages|components|lib)/' },
    },
    {
      name: 'local-stacks-apart',
      comment:
        'The local stand-ins never enter production code. Allowed: the storefront client and the ' +
        'listing, which choose the local catalog at run time when no store is configured (server ' +
        'only, dynamic import), the blog image generator (a build script reading fixture texts), and tests.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: [
          '^src/lib/storefront/local/',
          '^src/lib/storefront/(client|listing)\\.ts$',
          '^src/features/blog/generate-images\\.ts$',
          tests,
        ],
      },
      to: { path: ['^src/lib/storefront/local/', '^supabase/local/'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a moved file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, dependencyTypesNot: ['type-only'], pathNot: '^(astro:|virtual:)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
  },
};
