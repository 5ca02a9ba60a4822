import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../supabase/local/stack.ts';

/**
 * Fault test on a stack of its own (FAULT_SUPABASE_PORT, default 24621; its lifecycle stacks +10):
 * PostgREST, then PostgreSQL, are killed with SIGKILL under a bounded write load. While they are
 * gone the gateway answers 503 with a message; it recovers without a restart; no acknowledged
 * write is lost. Then the stack process itself is SIGKILLed: its children must not outlive it, and
 * a start must recover from the leftovers of a dead stack.
 */
// Below Linux's ephemeral range (32768-60999): these stacks start while the suite holds many
// client sockets, and one of those had taken a 546xx port the stack needed.
const PORT = Number(process.env['FAULT_SUPABASE_PORT'] ?? 24621);
const MEMBER = '44444444-4444-4444-8444-444444444444';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/\) Z /.test(stat);
};
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await sleep(50);
  }
  return Date.now() - start;
}

describe('fault: PostgREST and PostgreSQL killed under load', { timeout: 120_000 }, () => {
  let stack: Stack;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-fault-'));
    stack = await startStack({ port: PORT, dataDir: dir, fresh: true });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 with a message while they are gone, recovers by itself, loses no acknowledged write', async () => {
    const headers = {
      apikey: stack.serviceKey,
      authorization: `Bearer ${stack.serviceKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    const acked: string[] = [];
    const statuses = new Map<number, number>();
    const badBodies: string[] = [];
    let lastOk = 0;
    let running = true;
    let n = 0;
    const writer = async () => {
      while (running) {
        const title = `fault ${n++}`;
        try {
          const res = await fetch(`${stack.url}/rest/v1/posts`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ user_id: MEMBER, title, content: 'load' }),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const body = await res.text();
          if (res.status === 201) {
            acked.push(JSON.parse(body)[0].id);
            lastOk = Date.now();
          } else if (res.status !== 503 || !JSON.parse(body).message) badBodies.push(`${res.status} ${body}`);
        } catch (error) {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          badBodies.push(String(error));
        }
        await sleep(10);
      }
    };
    // The gateway's own routes use its database pool: they must say 503 too, never 500.
    const authStatuses = new Map<number, number>();
    const authProbe = async () => {
      while (running) {
        const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'emma@example.com', password: 'password123' }),
        }).catch(() => null);
        const status = res?.status ?? 0;
        authStatuses.set(status, (authStatuses.get(status) ?? 0) + 1);
        await sleep(100);
      }
    };
    const load = [writer(), writer(), writer(), writer(), authProbe()];
    await until(() => acked.length > 20, 20_000);

    const restPid = stack.pids().postgrest;
    process.kill(restPid as number, 'SIGKILL');
    const restKilled = Date.now();
    const restRecovery = await until(() => lastOk > restKilled && stack.pids().postgrest !== restPid, 30_000);
    const after503Rest = statuses.get(503) ?? 0;
    await sleep(500);

    const pgPid = stack.pids().postgres;
    process.kill(pgPid as number, 'SIGKILL');
    const pgKilled = Date.now();
    const pgRecovery = await until(() => lastOk > pgKilled + 200 && stack.pids().postgres !== pgPid, 60_000);
    await sleep(500);
    running = false;
    await Promise.all(load);

    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    const found = await db.query<{ n: number }>(
      'select count(*)::int as n from public.posts where id = any($1)',
      [acked],
    );
    await db.end();
    const figures = {
      writesAcknowledged: acked.length,
      writesFound: found.rows[0]?.n,
      restStatuses: Object.fromEntries(statuses),
      authStatuses: Object.fromEntries(authStatuses),
      '503sWhilePostgrestDown': after503Rest,
      '503sWhilePostgresDown': (statuses.get(503) ?? 0) - after503Rest,
      postgrestRecoveryMs: restRecovery,
      postgresRecoveryMs: pgRecovery,
    };
    console.info('[fault test]', JSON.stringify(figures));
    expect(found.rows[0]?.n).toBe(acked.length);
    expect(badBodies).toEqual([]);
    expect([...statuses.keys()].filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(after503Rest).toBeGreaterThan(0);
    expect(figures['503sWhilePostgresDown']).toBeGreaterThan(0);
    expect([...authStatuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
  });
});

// Its own ports, so that these stacks never meet the fault test's (ports N..N+4 each).
const LIFECYCLE_PORT = PORT + 10;

describe('process lifecycle: no child outlives a SIGKILLed stack', { timeout: 120_000 }, () => {
  let dir: string;
  const started: ChildProcess[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-lifecycle-'));
  });
  afterAll(async () => {
    // A child killed by a signal has exitCode null too: only wait for those still running.
    const running = started.filter((c) => c.exitCode === null && c.signalCode === null);
    for (const child of running) child.kill('SIGTERM');
    await Promise.all(running.map((c) => new Promise((r) => c.once('exit', r))));
    await rm(dir, { recursive: true, force: true });
  });

  async function start(fresh: boolean): Promise<{ child: ChildProcess; pids: Record<string, number> }> {
    const args = [
      'supabase/local/cli.ts',
      'start',
      '--port',
      String(LIFECYCLE_PORT),
      '--data-dir',
      dir,
      '--quiet',
    ];
    const child = spawn(process.execPath, fresh ? [...args, '--fresh'] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    await until(() => output.includes('READY') || child.exitCode !== null, 90_000);
    if (!output.includes('READY')) throw new Error(`stack did not start:\n${output}`);
    const pids: Record<string, number> = {};
    for (const line of readFileSync(join(dir, 'stack.pids'), 'utf8').trim().split('\n')) {
      const [name, pid] = line.split(' ');
      pids[name as string] = Number(pid);
    }
    return { child, pids };
  }

  const watchdogOf = (stackPid: number) =>
    readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .map(Number)
      .find((pid) => {
        try {
          const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          return cmd.includes('local-stack-watchdog') && cmd.includes(`\0${stackPid}\0`);
        } catch {
          return false;
        }
      });

  it('the watchdog stops PostgREST and PostgreSQL when the stack is SIGKILLed', async () => {
    const { child, pids } = await start(true);
    expect(alive(pids['postgrest'])).toBe(true);
    expect(alive(pids['postgres'])).toBe(true);
    child.kill('SIGKILL');
    const ms = await until(() => !alive(pids['postgrest']) && !alive(pids['postgres']), 20_000);
    console.info(`[lifecycle] children gone ${ms} ms after SIGKILL of the stack`);
  });

  // Runs right after the test above, whose stack's watchdog may still be finishing: it used to
  // remove the pid file this start had just written (the start now stops a dead stack's watchdog
  // first, and a watchdog only removes a pid file that still names its own stack).
  it('a start cleans up the leftovers of a dead stack (watchdog gone too) and serves', async () => {
    const first = await start(false);
    const watchdog = watchdogOf(first.child.pid as number);
    expect(watchdog).toBeDefined();
    process.kill(watchdog as number, 'SIGKILL');
    first.child.kill('SIGKILL');
    await sleep(1500);
    // Positive control: without the watchdog the children are still there, holding port and data.
    expect(alive(first.pids['postgrest'])).toBe(true);
    expect(alive(first.pids['postgres'])).toBe(true);
    const second = await start(false);
    expect(alive(first.pids['postgrest'])).toBe(false);
    expect(alive(first.pids['postgres'])).toBe(false);
    const res = await fetch(`http://127.0.0.1:${LIFECYCLE_PORT}/rest/v1/posts?select=id&limit=1`, {
      headers: {
        apikey:
          'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
      },
    });
    expect(res.status).toBe(200);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
    expect(alive(second.pids['postgrest'])).toBe(false);
    expect(alive(second.pids['postgres'])).toBe(false);
    expect(existsSync(join(dir, 'stack.pids'))).toBe(false);
  });
});
