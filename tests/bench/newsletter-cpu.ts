import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time per process, read from /proc/<pid>/stat (utime + stime, all threads), for
 * `npm run bench:newsletter`: a burst on 2 cores is CPU-bound, so its latency is the CPU each
 * sign-up costs over all processes times the queue, and CPU time (unlike wall time) does not
 * depend on what else runs on the machine. Linux only; elsewhere the table is empty.
 */

type Proc = { pid: number; ppid: number; role: string; ticks: number };
export type CpuSnapshot = Map<number, Proc>;

const TICK_MS = 10; // USER_HZ (getconf CLK_TCK) is 100 on Linux

function readProc(pid: number): Omit<Proc, 'role'> & { comm: string; cmdline: string } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {}
  return {
    pid,
    ppid: Number(fields[1]),
    comm: stat.slice(stat.indexOf('(') + 1, close),
    cmdline,
    ticks: Number(fields[11]) + Number(fields[12]),
  };
}

/** What a process is, for the table: postgres processes by their title (a backend by its role). */
function roleOf(p: { comm: string; cmdline: string }, rootRole: string, isRoot: boolean): string {
  if (isRoot) return rootRole;
  if (p.cmdline.startsWith('postgres: ')) {
    const title = p.cmdline.slice('postgres: '.length);
    const backend = /^(\S+) \S+ (?:127\.0\.0\.1|\[local\]|::1)/.exec(title);
    return backend ? `postgres backend (${backend[1]})` : `postgres ${title.replace(/\s+\d.*$/, '').trim()}`;
  }
  if (p.comm === 'postgres') return 'postgres (postmaster)';
  if (p.comm === 'postgrest') return 'PostgREST';
  if (/supabase\/local\/cli\.ts start/.test(p.cmdline))
    return 'stack node (gateway, outbox worker, SMTP capture)';
  if (/newsletter-load\.ts/.test(p.cmdline)) return 'visitors (load process)';
  return `${rootRole}: ${p.comm}`;
}

/** Every live process under the given roots (the roots included), with its CPU ticks so far. */
export function cpuSnapshot(roots: Record<string, number>): CpuSnapshot {
  const all = new Map<number, ReturnType<typeof readProc>>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return new Map();
  }
  for (const name of pids) {
    try {
      all.set(Number(name), readProc(Number(name)));
    } catch {}
  }
  const snapshot: CpuSnapshot = new Map();
  for (const [rootRole, root] of Object.entries(roots)) {
    const queue = [root];
    while (queue.length > 0) {
      const pid = queue.shift() as number;
      const p = all.get(pid);
      if (!p || snapshot.has(pid)) continue;
      snapshot.set(pid, { pid, ppid: p.ppid, role: roleOf(p, rootRole, pid === root), ticks: p.ticks });
      for (const child of all.values()) if (child.ppid === pid) queue.push(child.pid);
    }
  }
  return snapshot;
}

/** CPU ms spent between two snapshots, per role (processes born in between count from zero). */
export function cpuByRole(
  before: CpuSnapshot,
  after: CpuSnapshot,
): Map<string, { ms: number; processes: number }> {
  const roles = new Map<string, { ms: number; processes: number }>();
  for (const p of after.values()) {
    const ms = (p.ticks - (before.get(p.pid)?.ticks ?? 0)) * TICK_MS;
    const role = roles.get(p.role) ?? { ms: 0, processes: 0 };
    roles.set(p.role, { ms: role.ms + ms, processes: role.processes + (ms > 0 ? 1 : 0) });
  }
  return roles;
}

/** The table the bench prints: CPU ms per sign-up per process (and the total: the burst's cost). */
export function printCpuTable(
  roles: Map<string, { ms: number; processes: number }>,
  signUps: number,
  log: (line: string) => void = console.info,
): void {
  const rows = [...roles].filter(([, r]) => r.ms > 0).sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((sum, [, r]) => sum + r.ms, 0);
  log(`  CPU per sign-up per process (/proc utime+stime over the burst; independent of the machine's load):`);
  for (const [role, r] of rows)
    log(
      `    ${role.padEnd(52)} ${(r.ms / signUps).toFixed(2).padStart(7)} ms  (${r.ms} ms in ${r.processes} process${r.processes === 1 ? '' : 'es'})`,
    );
  log(
    `    ${'total'.padEnd(52)} ${(total / signUps).toFixed(2).padStart(7)} ms  (x ${signUps} / 2 cores = ${((total / 2) | 0).toString()} ms of queue)`,
  );
}
