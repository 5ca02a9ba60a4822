/**
 * `npm test`: every check the project promises, stopping at the first failure: lint and format,
 * the import rules, nothing unused (knip), the i18n check, astro check, unit and integration
 * tests, the node build, the JavaScript budgets on that build, and the end-to-end tests in
 * Chromium against it.
 * Two lanes run side by side first: vitest (mostly waiting on its local Supabase stack) and the
 * static checks with the build and the budgets before astro check (mostly one core; the
 * integration tests that read a build wait for this one); the e2e run follows.
 * The side lane's output is printed step by step as each step ends. `TEST_SERIAL=1` runs the
 * steps one after another instead (for a clean log or a loaded machine).
 * `npm test -- --from e2e` starts at a later step (for re-runs while working).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const e2eBackendPort = process.env.E2E_BACKEND_PORT ?? '24521';
const e2eSupabaseUrl = `http://127.0.0.1:${e2eBackendPort}`;
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
/**
 * The node build the e2e run serves is also the one the integration tests read
 * (tests/integration/helpers-build.ts): side by side, vitest gets its directory in TEST_NODE_BUILD
 * and waits for this file, written when the build step is done, instead of building again.
 */
const BUILD_DIR = 'dist';
const BUILD_READY = `${BUILD_DIR}/.test-build-ready.json`;

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };
const step = (name: string, command: string, args: string[], stepEnv?: Record<string, string>): Step => ({
  name,
  command,
  args,
  ...(stepEnv ? { env: stepEnv } : {}),
});
/** Phases run one after another; a phase's lanes run side by side, each lane's steps in order. */
const serial = process.env.TEST_SERIAL === '1';
const vitest = step(
  'vitest',
  'vitest',
  ['run', '--reporter=default', '--reporter=json', '--outputFile.json=.reports/vitest.json'],
  // One after another, vitest runs before the build: the tests then build for themselves.
  serial ? undefined : { TEST_NODE_BUILD: BUILD_DIR },
);
const checksAndBuild = [
  step('lint', 'biome', ['check', '.']),
  // The import rules of docs/architecture.md (floors, feature entries, features as a DAG).
  step('deps', 'node', ['scripts/deps.ts']),
  // Nothing unused: files, exports, types and dependencies (knip.json says what the entries are).
  step('knip', 'knip', []),
  step('i18n', 'node', ['scripts/i18n-check.ts']),
  step('types', 'astro', ['check', '--minimumSeverity', 'warning']),
  // The e2e run serves this build against its own local Supabase stack.
  step('build', 'astro', ['build', '--outDir', BUILD_DIR], {
    ADAPTER: 'node',
    PUBLIC_SUPABASE_URL: e2eSupabaseUrl,
  }),
  step('size', 'node', ['scripts/size.ts', '--enforce']),
];
const e2e = step('e2e', 'playwright', ['test'], { E2E_SKIP_BUILD: '1', PW_REPORTER: 'json-and-list' });

// Side by side, the build goes before `types` so the integration tests waiting for it start sooner.
const [lint, deps, knip, i18n, types, build, size] = checksAndBuild as [
  Step,
  Step,
  Step,
  Step,
  Step,
  Step,
  Step,
];
const phases: Step[][][] = serial
  ? [[[...checksAndBuild.slice(0, 5), vitest, ...checksAndBuild.slice(5), e2e]]]
  : [[[vitest], [lint, deps, knip, i18n, build, size, types]], [[e2e]]];
const order = ['lint', 'deps', 'knip', 'i18n', 'types', 'vitest', 'build', 'size', 'e2e'];

const fromIndex = process.argv.indexOf('--from');
const from = fromIndex >= 0 ? order.indexOf(process.argv[fromIndex + 1] ?? '') : 0;
if (from < 0) {
  console.error(`Unknown step. Steps: ${order.join(', ')}`);
  process.exit(2);
}
rmSync('.reports/vitest.json', { force: true });
rmSync(BUILD_READY, { force: true });
rmSync('.reports/e2e.json', { force: true });

const running = new Set<ReturnType<typeof spawn>>();
let failed = false;

/** Runs one step; the first lane shows its output live, the others print it when the step ends. */
function run(s: Step, live: boolean): Promise<boolean> {
  const t0 = Date.now();
  console.info(
    `\n▶ ${s.name}: ${s.command} ${s.args.join(' ')}${live ? '' : ' (side by side, output when done)'}`,
  );
  const child = spawn(s.command, s.args, {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...env, ...s.env },
  });
  running.add(child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      if (output.length) process.stdout.write(`\n── ${s.name} ──\n${Buffer.concat(output).toString()}`);
      if (failed) return done(false);
      if (code !== 0) {
        console.error(`\n✗ ${s.name} failed after ${seconds} s (exit ${code ?? signal}).`);
        return done(false);
      }
      if (count().failed > 0) {
        // Its report counts a failed test although the runner exited 0 (seen once with vitest).
        console.error(`\n✗ ${s.name}: its report counts a failed test although it exited 0.`);
        return done(false);
      }
      console.info(`✓ ${s.name} (${seconds} s)`);
      if (s.name === 'build') writeFileSync(BUILD_READY, JSON.stringify({ supabaseUrl: e2eSupabaseUrl }));
      done(true);
    });
  });
}

/** A lane's steps in order; on the first failure anywhere the other lanes' steps are stopped. */
async function lane(steps: Step[], live: boolean): Promise<void> {
  for (const s of steps) {
    if (failed || order.indexOf(s.name) < from) continue;
    if (!(await run(s, live))) {
      if (!failed) {
        failed = true;
        // SIGINT, as Ctrl-C: vitest and Playwright stop their stacks on it.
        for (const child of running) child.kill('SIGINT');
      }
      return;
    }
  }
}

const started = Date.now();
for (const phase of phases) {
  await Promise.all(phase.map((steps, i) => lane(steps, i === 0)));
  if (failed) {
    summary();
    process.exit(1);
  }
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
