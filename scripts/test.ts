/**
 * `npm test`: every check the project promises, in order, stopping at the first failure:
 * lint and format, the import rules, nothing unused (knip), the i18n check, astro check, unit and integration tests, the node build,
 * the JavaScript budgets on that build, and the end-to-end tests in Chromium against it.
 * `npm test -- --from e2e` starts at a later step (for re-runs while working).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const e2eBackendPort = process.env.E2E_BACKEND_PORT ?? '24521';
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };
const steps: Step[] = [
  { name: 'lint', command: 'biome', args: ['check', '.'] },
  // The import rules of docs/architecture.md (floors, feature entries, features as a DAG).
  { name: 'deps', command: 'node', args: ['scripts/deps.ts'] },
  // Nothing unused: files, exports, types and dependencies (knip.json says what the entries are).
  { name: 'knip', command: 'knip', args: [] },
  { name: 'i18n', command: 'node', args: ['scripts/i18n-check.ts'] },
  { name: 'types', command: 'astro', args: ['check', '--minimumSeverity', 'warning'] },
  {
    name: 'vitest',
    command: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', '--outputFile.json=.reports/vitest.json'],
  },
  {
    name: 'build',
    command: 'astro',
    args: ['build'],
    // The e2e run serves this build against its own local Supabase stack.
    env: { ADAPTER: 'node', PUBLIC_SUPABASE_URL: `http://127.0.0.1:${e2eBackendPort}` },
  },
  { name: 'size', command: 'node', args: ['scripts/size.ts', '--enforce'] },
  {
    name: 'e2e',
    command: 'playwright',
    args: ['test'],
    env: { E2E_SKIP_BUILD: '1', PW_REPORTER: 'json-and-list' },
  },
];

const fromIndex = process.argv.indexOf('--from');
const from = fromIndex >= 0 ? steps.findIndex((s) => s.name === process.argv[fromIndex + 1]) : 0;
if (from < 0) {
  console.error(`Unknown step. Steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
rmSync('.reports/vitest.json', { force: true });
rmSync('.reports/e2e.json', { force: true });

const started = Date.now();
for (const step of steps.slice(from)) {
  const t0 = Date.now();
  console.info(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  const result = spawnSync(step.command, step.args, { stdio: 'inherit', env: { ...env, ...step.env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} failed after ${seconds} s (exit ${result.status ?? result.signal}).`);
    summary();
    process.exit(1);
  }
  if (count().failed > 0) {
    // Its report counts a failed test although the runner exited 0 (seen once with vitest).
    console.error(`\n✗ ${step.name}: its report counts a failed test although it exited 0.`);
    summary();
    process.exit(1);
  }
  console.info(`✓ ${step.name} (${seconds} s)`);
}
console.info(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
summary();

/** One closing line counting the tests of vitest and Playwright together. */
function summary(): void {
  const { passed, failed, skipped } = count();
  console.info(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

/** The tests counted in the vitest and Playwright reports of this run. */
function count(): { passed: number; failed: number; skipped: number } {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync('.reports/vitest.json')) {
    const v = JSON.parse(readFileSync('.reports/vitest.json', 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
    };
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests;
  }
  if (existsSync('.reports/e2e.json')) {
    const p = JSON.parse(readFileSync('.reports/e2e.json', 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
    skipped += p.stats.skipped;
  }
  return { passed, failed, skipped };
}
