/**
 * Serves the node build for Playwright: builds it first into E2E_DIST (default dist) unless
 * E2E_SKIP_BUILD=1 (npm test builds once for the budget check and the e2e run), then runs the
 * standalone server (behind scripts/serve.ts) on 127.0.0.1:E2E_PORT until Playwright stops it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const dist = process.env.E2E_DIST ?? 'dist';
const port = process.env.E2E_PORT ?? '4329';

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('astro', ['build', '--outDir', dist], {
    stdio: 'inherit',
    env: { ...process.env, ADAPTER: 'node' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// scripts/serve.ts refuses other hosts and broken addresses with JSON; SITE_URL (read at run time)
// is the origin every mail link and redirect points to, so it is this server's own.
const server = spawn(process.execPath, [join('scripts', 'serve.ts'), dist], {
  stdio: 'inherit',
  env: { ...process.env, HOST: '127.0.0.1', PORT: port, SITE_URL: `http://127.0.0.1:${port}` },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
