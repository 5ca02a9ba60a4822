// @ts-check
/**
 * Mutation testing of the pure logic (`npm run test:mutation`, not part of `npm test`): Stryker
 * makes small deliberate breaks (a `<` for a `<=`, a changed constant, a removed branch) and runs
 * the unit tests against each; a break that no test notices "survives". Only the unit project
 * runs (vitest.mutation.config.ts), one or two at a time: the machine is shared.
 * Reports: .reports/mutation/index.html (and mutation.json); the run fails below 80 %.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    // cart
    'src/features/cart/lines.ts',
    'src/features/cart/schema.ts',
    'src/features/cart/store.ts',
    'src/features/cart/badge.ts',
    // checkout input and money
    'src/features/checkout/handler.ts',
    'src/lib/storefront/money.ts',
    // request bodies of the site's endpoints
    'src/lib/http/json.ts',
    // excerpts
    'src/features/blog/excerpt.ts',
    // i18n fallback and check
    'src/i18n/t.ts',
    'src/i18n/locales.ts',
    'scripts/i18n-check.ts',
    // merchant HTML
    'src/lib/html/sanitize.ts',
    // storefront retries
    'src/lib/storefront/http.ts',
    // JS budget measurement
    'scripts/js-budget.ts',
    // sign-in gate and stored session
    'src/features/auth/gate.ts',
    'src/features/auth/next-path.ts',
    'src/features/auth/session.ts',
    // the header's counts (unread messages, the bell)
    'src/lib/header-count.ts',
    // contact form
    'src/features/contact/schema.ts',
    'src/features/contact/handler.ts',
    'src/features/contact/store.ts',
    // the one live-data helper and the reducers of the hard state
    'src/lib/supabase/live.ts',
    'src/features/community/feed-state.ts',
    'src/features/messages/thread-state.ts',
    'src/features/friends/friends-state.ts',
    'src/features/moderation/moderation-queue.ts',
    'src/features/timeline-alchemy/wizard/state.ts',
  ],
  coverageAnalysis: 'perTest',
  // vitest does not type-check, and the JS budget's fixture files must keep their exact bytes.
  disableTypeChecks: false,
  concurrency: 2,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: '.reports/mutation/incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: [
    'dist',
    '.astro',
    '.netlify',
    '.builds',
    '.e2e-data',
    '.reports',
    'supabase/.data*',
    'supabase/.temp',
    'test-results',
    'playwright-report',
    'tests/e2e',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.reports/mutation/index.html' },
  jsonReporter: { fileName: '.reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: 80 },
};
