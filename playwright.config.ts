import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { SERVICE_ROLE_KEY } from './supabase/local/keys.ts';
import { fullChromiumPath, testChromiumPath } from './tests/chromium-path.ts';

// E2E_PORT / E2E_DIST let several engineers run suites side by side without sharing a build.
const port = Number(process.env.E2E_PORT ?? 4329);
const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 24521);
// The social platforms' stand-ins of the e2e backend (X, and LinkedIn on the next port).
const platformsPort = Number(process.env.E2E_PLATFORMS_PORT ?? backendPort + 19);
const hasLocalStack = existsSync('supabase/local/cli.ts');

function launch(executablePath: string) {
  return {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two workers on the two-core machine; E2E_WORKERS tries another count (e.g. 3 on an idle one).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter:
    process.env.PW_REPORTER === 'json-and-list'
      ? [['list'], ['json', { outputFile: '.reports/e2e.json' }]]
      : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    // The headless shell (tests/chromium-path.ts) for all but what only the full browser does.
    {
      name: 'chromium',
      grepInvert: /@full-browser/,
      use: { ...devices['Desktop Chrome'], launchOptions: launch(testChromiumPath()) },
    },
    // Tagged `@full-browser`: the headless shell never asks for a page's icon, for one.
    {
      name: 'chromium-full',
      grep: /@full-browser/,
      use: { ...devices['Desktop Chrome'], launchOptions: launch(fullChromiumPath()) },
    },
  ],
  webServer: [
    ...(hasLocalStack
      ? [
          {
            // E-mail confirmation on, as in production: fixtures confirm new members through the
            // stack's inbox (tests/e2e/member-helpers.ts).
            command: `node supabase/local/cli.ts start --port ${backendPort} --data-dir .e2e-data/${backendPort} --fresh`,
            env: { LOCAL_PLATFORMS_PORT: String(platformsPort) },
            url: `http://127.0.0.1:${backendPort}/rest/v1/`,
            timeout: 120_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
          },
        ]
      : []),
    {
      command: 'node scripts/e2e-server.ts',
      url: `http://127.0.0.1:${port}/`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: {
        E2E_PORT: String(port),
        PUBLIC_SUPABASE_URL: `http://127.0.0.1:${backendPort}`,
        // The stack's SMTP capture is gateway port + 4; its inbox (port + 3) is read by the tests.
        SMTP_URL: `smtp://127.0.0.1:${backendPort + 4}`,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
        SOCIAL_X_URL: `http://127.0.0.1:${platformsPort}`,
        SOCIAL_LINKEDIN_URL: `http://127.0.0.1:${platformsPort + 1}`,
        SOCIAL_META_URL: `http://127.0.0.1:${platformsPort + 2}`,
        // Run-time stock and price changes of the local catalog for the fresh-check tests
        // (src/lib/storefront/local/overrides.ts; tests/e2e/shop-fresh.spec.ts writes them).
        LOCAL_CATALOG_OVERRIDES_DIR: `.e2e-data/catalog-overrides-${port}`,
      },
    },
  ],
});
