import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StackError } from './errors.ts';

/**
 * The stack's children (PostgREST, PostgreSQL) must not outlive it, even when it is SIGKILLed
 * (Node has no PR_SET_PDEATHSIG). Two parts:
 * - `<dataDir>/stack.pids` names the stack and its children; a watchdog shell watches the stack's
 *   pid and stops the children listed there once it is gone;
 * - a start finds the file of a dead stack (watchdog killed too, a crash of the machine's session)
 *   and stops what is left (a PostgREST holding its port, a postmaster holding the data directory).
 */
type Pids = Record<string, number>;
const pidFile = (dataDir: string) => join(dataDir, 'stack.pids');

function readPids(dataDir: string): Pids {
  if (!existsSync(pidFile(dataDir))) return {};
  const pids: Pids = {};
  for (const line of readFileSync(pidFile(dataDir), 'utf8').split('\n')) {
    const [name, pid] = line.trim().split(/\s+/);
    if (name && Number(pid) > 0) pids[name] = Number(pid);
  }
  return pids;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (SIGKILLed, not yet reaped by its parent) is dead for our purpose.
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/\) Z /.test(stat);
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

async function stopProcess(pid: number, signal: NodeJS.Signals, seconds: number): Promise<void> {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + seconds * 1000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
    while (alive(pid)) await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Orphaned PostgREST processes (parent gone, adopted by init) serving `port`: a PostgREST that a
 * dead stack started but never recorded. Found by the port in their environment (Linux /proc).
 */
function orphanedPostgrests(port: number): number[] {
  if (!existsSync('/proc')) return [];
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) continue;
    try {
      if (!commandOf(pid).includes('postgrest')) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== 1) continue;
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (environ.includes(`PGRST_SERVER_PORT=${port}`)) found.push(pid);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Cleans up after a stack that died without stopping its children; refuses a running one. */
export async function cleanLeftovers(dataDir: string, restPort?: number): Promise<string[]> {
  const pids = readPids(dataDir);
  const cleaned: string[] = [];
  const stack = pids['stack'];
  if (stack && stack !== process.pid && alive(stack)) {
    throw new StackError(
      `Another local stack (process ${stack}) is running with data directory ${dataDir}: stop it first, ` +
        'or use another `--data-dir`.',
    );
  }
  // The dead stack's watchdog may still be at work (it polls once a second): stop it first, or it
  // would remove the pid file this start is about to write (seen under load in the fault test).
  if (stack) {
    for (const pid of watchdogsOf(stack)) await stopProcess(pid, 'SIGKILL', 0);
  }
  for (const [name, pid] of Object.entries(pids)) {
    if (name === 'stack' || !alive(pid)) continue;
    const command = commandOf(pid);
    if (name === 'postgrest' && command.includes('postgrest')) {
      await stopProcess(pid, 'SIGTERM', 3);
      cleaned.push(`PostgREST ${pid}`);
    } else if (name === 'postgres' && command.includes('postgres')) {
      await stopProcess(pid, 'SIGINT', 10); // fast shutdown: commits are kept
      cleaned.push(`PostgreSQL ${pid}`);
    }
  }
  if (restPort !== undefined) {
    for (const pid of orphanedPostgrests(restPort)) {
      await stopProcess(pid, 'SIGTERM', 3);
      cleaned.push(`PostgREST ${pid} (unrecorded)`);
    }
  }
  rmSync(pidFile(dataDir), { force: true });
  return cleaned;
}

/** The watchdog shells (startWatchdog) of the stack with this pid. */
function watchdogsOf(stackPid: number): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid > 1 && pid !== process.pid)
    .filter((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv.includes(WATCHDOG_NAME) && argv.includes(String(stackPid));
      } catch {
        return false;
      }
    });
}

const WATCHDOG_NAME = 'local-stack-watchdog';

/** Records the stack's children; call again whenever one is restarted. */
export function recordPids(dataDir: string, children: Pids): void {
  const lines = [`stack ${process.pid}`, ...Object.entries(children).map(([name, pid]) => `${name} ${pid}`)];
  writeFileSync(pidFile(dataDir), `${lines.join('\n')}\n`);
}

/**
 * A detached `sh` that waits for this process to end, then stops the children named in the pid
 * file (PostgreSQL with a fast shutdown) and removes the file. Killed on a normal stop.
 */
export function startWatchdog(dataDir: string): ChildProcess {
  const script = `
parent=$1; file=$2
while kill -0 "$parent" 2>/dev/null && [ "$(cut -d' ' -f3 /proc/$parent/stat 2>/dev/null)" != Z ]; do sleep 1; done
[ -f "$file" ] || exit 0
head -n 1 "$file" | grep -q "^stack $parent\\$" || exit 0
pids=$(tail -n +2 "$file" | awk '{print $2}')
for p in $pids; do kill -INT "$p" 2>/dev/null; done
for i in 1 2 3 4 5 6 7 8 9 10; do
  left=""; for p in $pids; do kill -0 "$p" 2>/dev/null && left="$left $p"; done
  [ -z "$left" ] && break; sleep 1
done
for p in $pids; do kill -KILL "$p" 2>/dev/null; done
head -n 1 "$file" 2>/dev/null | grep -q "^stack $parent$" && rm -f "$file"
exit 0`;
  const watchdog = spawn('sh', ['-c', script, WATCHDOG_NAME, String(process.pid), pidFile(dataDir)], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  return watchdog;
}
