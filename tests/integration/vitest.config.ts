import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * The integration tests: one local Supabase stack (global-setup.ts, shared by both projects) and
 * two projects, so that `--project integration` still selects all of them (vitest matches the
 * container's name):
 * - "integration (parallel)": three files at a time. These files make their own members, rows,
 *   addresses and keys, and read only those (or assert on end states "whoever ran it"), so they
 *   do not notice each other;
 * - "integration (alone)", after them, one file at a time and with nothing else running: the
 *   files below, whose assertions need the machine or the stack to themselves (reasons beside
 *   each).
 */
const ALONE = [
  // Kills and restarts PostgREST and PostgreSQL of a stack of its own under load and measures the
  // recovery; on a busy machine its timing bounds would measure the other files.
  'fault.test.ts',
  // No account-existence oracle: medians of response times of interleaved tries, which other
  // files' load on the stack would blur.
  'auth-oracle.test.ts',
  'account-recover.test.ts',
  // The platforms' stand-ins keep one state per platform: a fault switched on (429, timeout) is
  // taken by the next post of any account, `expire` and `revoke` hit every token. These files
  // switch them and count what was posted; ta-rls makes due previews of the seeded client that
  // the stack's timer would post with the connections ta-publishing made.
  'ta-publishing.test.ts',
  'ta-publishing-meta.test.ts',
  'ta-publishing-linkedin-org.test.ts',
  'ta-rls.test.ts',
  // Sets the seeded client's mail language and expects exactly one new mail to that client in it;
  // mail-locale.test.ts sets the seeded people's languages, and every preview made for that
  // client elsewhere mails them too.
  'ta-review-link-route.test.ts',
  // Compares the seeded admin's export with a count of everything that admin authored, which
  // other files add to (previews, decisions) between the count and the export.
  'privacy-export.test.ts',
  // Thousands of requests each, through the one gateway (a single Node process): three of them
  // side by side pass their 20 s per test only on an idle machine; alone they take 3-17 s.
  'attacks/malformed-input.test.ts',
  'attacks/server-columns.test.ts',
  'attacks/uploads.test.ts',
  'attacks/blocks.test.ts',
  'attacks/rate-bursts.test.ts',
];

const root = fileURLToPath(new URL('../..', import.meta.url));
const alias = { '~': `${root}src` };
const shared = {
  root,
  include: ['tests/integration/**/*.test.ts'],
  environment: 'node',
  // The local Supabase stack is started once for the whole run (see globalSetup).
  globalSetup: [fileURLToPath(new URL('./global-setup.ts', import.meta.url))],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    name: 'integration',
    projects: [
      {
        resolve: { alias },
        test: {
          ...shared,
          name: 'parallel',
          exclude: ALONE.map((f) => `tests/integration/${f}`),
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          ...shared,
          name: 'alone',
          include: ALONE.map((f) => `tests/integration/${f}`),
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
