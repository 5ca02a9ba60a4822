import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Stack, startStack } from '../../supabase/local/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    supabaseUrl: string;
    supabaseAnonKey: string;
    supabaseServiceKey: string;
    supabaseDbUrl: string;
    /** The stack's SMTP capture and its inbox (JSON at /api/messages). */
    smtpUrl: string;
    inboxUrl: string;
    /** The social platforms' stand-ins (X, LinkedIn, and Meta's Graph API for Facebook and Instagram). */
    xUrl: string;
    linkedinUrl: string;
    metaUrl: string;
  }
}

/**
 * Gateway port of the integration stack (Postgres +1, PostgREST +2, inbox +3, SMTP +4). Test
 * stacks default below Linux's ephemeral range (32768-60999), so no client socket can hold one of
 * their ports: integration 24421, e2e 24521, fault 24621 (+10 for its lifecycle stacks), benches
 * 24721 and 24761, db:types 24800-24899. `npm start` keeps the Supabase CLI's 54321.
 */
const PORT = Number(process.env['INTEGRATION_SUPABASE_PORT'] ?? 24421);

/**
 * The integration tests are two vitest projects (tests/integration/vitest.config.ts: the files
 * that run side by side, then the few that must run alone), and vitest runs this file once for
 * each. Both run in vitest's main process, so the first starts the stack and the second shares it
 * (kept on globalThis: each project loads its own copy of this module); the last one to tear
 * down stops it.
 */
type Shared = { stack: Promise<{ stack: Stack; dataDir: string }>; users: number };
const KEY = Symbol.for('integration-supabase-stack');
const registry = globalThis as typeof globalThis & { [KEY]?: Shared };

async function start(): Promise<{ stack: Stack; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-integration-'));
  return { stack: await startStack({ port: PORT, dataDir, fresh: true }), dataDir };
}

/** One fresh local Supabase stack (migrations + seed) for the whole integration run. */
export async function setup(project: TestProject) {
  registry[KEY] ??= { stack: start(), users: 0 };
  const shared = registry[KEY];
  shared.users += 1;
  const { stack } = await shared.stack;
  project.provide('supabaseUrl', stack.url);
  project.provide('supabaseAnonKey', stack.anonKey);
  project.provide('supabaseServiceKey', stack.serviceKey);
  project.provide('supabaseDbUrl', stack.dbUrl);
  project.provide('smtpUrl', stack.smtpUrl);
  project.provide('inboxUrl', stack.inboxUrl);
  project.provide('xUrl', stack.xUrl);
  project.provide('linkedinUrl', stack.linkedinUrl);
  project.provide('metaUrl', stack.metaUrl);
}

export async function teardown() {
  const shared = registry[KEY];
  if (!shared || --shared.users > 0) return;
  delete registry[KEY];
  const { stack, dataDir } = await shared.stack;
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
