import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';

/**
 * A fresh local stack in a child process (`supabase/local/cli.ts start`), for benchmarks whose
 * own process plays the site's server: the stack's workers then take no time from its event loop.
 */
export async function startStackProcess(options: { port: number; dataDir: string }): Promise<{
  url: string;
  serviceKey: string;
  dbUrl: string;
  smtpUrl: string;
  inboxUrl: string;
  stop: () => Promise<void>;
}> {
  const cli = fileURLToPath(new URL('../../supabase/local/cli.ts', import.meta.url));
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'start', '--port', String(options.port), '--data-dir', options.dataDir, '--fresh'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/^READY /m.test(out)) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    child.once('exit', () => resolve(false));
  });
  const line = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(out)?.[1] ?? '';
  if (!ready) {
    child.kill('SIGTERM');
    throw new Error(`the local stack did not start:\n${out}`);
  }
  return {
    url: /^READY (\S+)/m.exec(out)?.[1] ?? '',
    serviceKey: SERVICE_ROLE_KEY,
    dbUrl: line('superuser URL'),
    smtpUrl: /SMTP capture: (\S+?)\)/.exec(out)?.[1] ?? '',
    inboxUrl: line('mail inbox'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}
