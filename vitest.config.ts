import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'supabase/local/**/*.test.ts'],
          environment: 'node',
          // Two workers; each file keeps its own modules (shared modules let one file's caches
          // change another's counts: http-path.test.ts failed in CI that way).
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      // The integration tests and their own projects (parallel, then alone): see that file.
      'tests/integration/vitest.config.ts',
    ],
  },
});
