import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/*
 * The site built once for the integration tests that read a build (security-headers,
 * store-http-build, community-user-route), instead of once per test file:
 * - under `npm test` (scripts/test.ts) the node build is the one its build step makes for the e2e
 *   run: TEST_NODE_BUILD names that directory and the step writes READY_FILE into it when done;
 * - otherwise each kind is built at most once per state of the source, into .builds/cache/ (inside
 *   the repository: the build's prerender step resolves packages from it), and kept for the next
 *   run while the source is unchanged. A lock directory makes parallel test files wait for one
 *   build instead of making two.
 */
const root = join(import.meta.dirname, '..', '..');
const cacheRoot = join(root, '.builds', 'cache');

/** Written by scripts/test.ts into TEST_NODE_BUILD once its build step is done: `{ supabaseUrl }`. */
const READY_FILE = '.test-build-ready.json';

type SiteBuild = {
  /** The build's outDir (client/ and server/ for the node adapter). */
  dir: string;
  /** The environment it was built with (for a second build to compare against). */
  env: NodeJS.ProcessEnv;
};

/**
 * The environment of a build as `npm run build` makes it. Vitest puts its own `import.meta.env`
 * into process.env (NODE_ENV=test, DEV=1, PROD=, MODE=test), and a build inheriting them has
 * import.meta.env.DEV true: React's development build, and src/middleware.ts sending no headers
 * of its own (as under `astro dev`). The store settings are dropped: the build reads the
 * in-process local catalog unless a test names a store.
 */
function buildEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const {
    DEV: _dev,
    PROD: _prod,
    SSR: _ssr,
    MODE: _mode,
    BASE_URL: _base,
    SHOPIFY_STORE_DOMAIN: _domain,
    SHOPIFY_STOREFRONT_ACCESS_TOKEN: _token,
    ...env
  } = process.env;
  return { ...env, NODE_ENV: 'production', ...extra };
}

/**
 * Runs `astro build --outDir dir` with `env` in a child process (the event loop stays free: a
 * store the build reads may be served by this very process); rejects with the output's tail.
 */
export function astroBuild(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dir],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build failed (${code}):\n${output}`)),
    );
  });
}

/** A hash of every file the build could read (all but tests and prose), and of `salt`. */
function sourceHash(salt: string): string {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const hash = createHash('sha256').update(salt);
  for (const file of listed.stdout.split('\0').sort()) {
    if (!file || file.startsWith('tests/') || file.endsWith('.md')) continue;
    const path = join(root, file);
    if (!existsSync(path)) continue; // deleted in the work tree, still in the index
    hash.update(`\0${file}\0`).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * `make(dir)` run once per kind and state of the source: later calls (this run or the next)
 * get the same directory. Older builds of the kind are removed first.
 */
async function cached(kind: string, salt: string, make: (dir: string) => Promise<void>): Promise<string> {
  mkdirSync(cacheRoot, { recursive: true });
  const dir = join(cacheRoot, `${kind}-${sourceHash(`${kind}\0${salt}`)}`);
  // Built in place (a build may hold its own path), complete once this file is there.
  const done = join(dir, '.complete');
  const lock = `${dir}.lock`;
  for (const deadline = Date.now() + 900_000; ; ) {
    if (existsSync(done)) return dir;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another test file is building it; a lock older than 10 minutes was left by a killed run.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 600_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited too long for ${lock}`);
      await sleep(500);
    }
  }
  try {
    if (existsSync(done)) return dir;
    for (const old of readdirSync(cacheRoot))
      if (old.startsWith(`${kind}-`) && join(cacheRoot, old) !== lock)
        rmSync(join(cacheRoot, old), { recursive: true, force: true });
    await make(dir);
    writeFileSync(done, '');
    return dir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The node build (ADAPTER=node) of the site as `npm run build` makes it, talking to
 * `supabaseUrl` (or, under `npm test`, to the e2e stack its build step was made for).
 */
export async function nodeBuild(supabaseUrl: string): Promise<SiteBuild> {
  const shared = process.env['TEST_NODE_BUILD'];
  if (shared) {
    const ready = join(root, shared, READY_FILE);
    for (const deadline = Date.now() + 900_000; !existsSync(ready); await sleep(1000))
      if (Date.now() > deadline) throw new Error(`no build in ${shared} after 15 minutes`);
    const made = JSON.parse(readFileSync(ready, 'utf8')) as { supabaseUrl: string };
    return {
      dir: join(root, shared),
      env: buildEnv({ ADAPTER: 'node', PUBLIC_SUPABASE_URL: made.supabaseUrl }),
    };
  }
  const env = buildEnv({ ADAPTER: 'node', PUBLIC_SUPABASE_URL: supabaseUrl });
  const dir = await cached('node', supabaseUrl, (out) => astroBuild(out, env));
  return { dir, env };
}

/**
 * The Netlify build (no ADAPTER): its outDir, plus what the adapter writes outside it: the function
 * (`.netlify/v1/functions/ssr/ssr.mjs`) and the server bundle it runs (`.netlify/build/`), kept
 * beside it as `ssr.mjs` and `server/` (its entry `server/entry.mjs`).
 */
export async function netlifyBuild(): Promise<{ dir: string; ssr: string; entry: string; server: string }> {
  const parent = await cached('netlify', 'server', async (out) => {
    await astroBuild(join(out, 'dist'), buildEnv({ ADAPTER: '' }));
    copyFileSync(join(root, '.netlify/v1/functions/ssr/ssr.mjs'), join(out, 'ssr.mjs'));
    cpSync(join(root, '.netlify/build'), join(out, 'server'), { recursive: true });
  });
  const server = join(parent, 'server');
  return {
    dir: join(parent, 'dist'),
    ssr: join(parent, 'ssr.mjs'),
    entry: join(server, 'entry.mjs'),
    server,
  };
}
