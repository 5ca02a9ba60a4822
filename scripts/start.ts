/**
 * `npm start`: the whole product on this machine. Starts the local Supabase stack (unless
 * PUBLIC_SUPABASE_URL points elsewhere), builds the site with the node adapter against it (local
 * catalog unless a Shopify store is configured) and serves it on http://127.0.0.1:4321.
 * `npm start -- --no-build` serves the previous build; `npm run dev` (`--dev`) runs the Astro dev
 * server with hot reload against the same local stack instead of building.
 * The local Shopify store (the fixture catalog over the Storefront API) listens on
 * http://127.0.0.1:54330/api/{version}/graphql.json (LOCAL_STORE_PORT overrides the port), so any
 * Storefront client can talk to it; point SHOPIFY_STORE_DOMAIN at it to build over HTTP.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = process.env.PORT ?? '4321';
const host = process.env.HOST ?? '127.0.0.1';
const children: Array<{ kill: (signal?: NodeJS.Signals) => unknown }> = [];
let stopBackend: (() => Promise<void>) | undefined;
let inboxUrl: string | undefined;

async function shutdown(code = 0): Promise<never> {
  for (const child of children) child.kill('SIGTERM');
  await stopBackend?.();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

const env: NodeJS.ProcessEnv = { ...process.env, ADAPTER: 'node' };
// The origin of every absolute URL the running server writes (mail links, redirects), read at
// run time: the address this run serves on, unless SITE_URL is configured.
const siteUrl = process.env.SITE_URL ?? `http://${host}:${port}`;

if (!process.env.PUBLIC_SUPABASE_URL && existsSync('supabase/local/stack.ts')) {
  const { startStack } = (await import('../supabase/local/stack.ts')) as {
    startStack: (o: { port?: number; dataDir?: string }) => Promise<{
      url: string;
      anonKey: string;
      serviceKey: string;
      smtpUrl: string;
      inboxUrl: string;
      xUrl: string;
      linkedinUrl: string;
      metaUrl: string;
      stop: () => Promise<void>;
    }>;
  };
  try {
    const stack = await startStack({});
    stopBackend = stack.stop;
    const { DEMO_LOGINS, DEMO_PASSWORD } = await import('../supabase/local/keys.ts');
    console.info(`Local Supabase stack on ${stack.url}. Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) console.info(`  ${login.role.padEnd(7)} ${login.email}`);
    env.PUBLIC_SUPABASE_URL = stack.url;
    env.PUBLIC_SUPABASE_ANON_KEY = stack.anonKey;
    // Server-only: the newsletter endpoint writes with the service role and mails through the
    // stack's SMTP capture (shown in the inbox printed below).
    env.SUPABASE_SERVICE_ROLE_KEY ??= stack.serviceKey;
    env.SMTP_URL ??= stack.smtpUrl;
    // The social platforms' local stand-ins (OAuth approval pages and APIs) for connect and publish.
    env.SOCIAL_X_URL ??= stack.xUrl;
    env.SOCIAL_LINKEDIN_URL ??= stack.linkedinUrl;
    env.SOCIAL_META_URL ??= stack.metaUrl;
    inboxUrl = stack.inboxUrl;
  } catch (error) {
    console.error(`The local Supabase stack could not start: ${(error as Error).message}`);
    await shutdown(1);
  }
}

let storeBanner: string | undefined;
try {
  const store = await import('../src/lib/storefront/local/server.ts');
  const { STOREFRONT_API_VERSION } = await import('../src/lib/storefront/version.ts');
  const running = await store.startLocalStore({
    port: Number(process.env.LOCAL_STORE_PORT ?? store.LOCAL_STORE_PORT),
  });
  children.push({ kill: () => void running.close() });
  storeBanner = `${running.url}/api/${STOREFRONT_API_VERSION}/graphql.json  (header X-Shopify-Storefront-Access-Token: ${store.LOCAL_STOREFRONT_TOKEN})`;
} catch (error) {
  console.error(`The local Shopify store could not start: ${(error as Error).message}`);
}

const dev = process.argv.includes('--dev');
if (dev) {
  const server = spawn('astro', ['dev', '--host', host, '--port', port], {
    stdio: 'inherit',
    env: { ...env, SITE_URL: siteUrl },
  });
  children.push(server);
  server.on('exit', (code) => void shutdown(code ?? 0));
} else {
  await buildAndServe();
}

async function buildAndServe(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    console.info('Building the site (node adapter)…');
    const build = spawnSync('astro', ['build'], { stdio: 'inherit', env });
    if (build.status !== 0) {
      console.error('The build failed; see the messages above.');
      await shutdown(1);
    }
  }

  const server = spawn(process.execPath, ['scripts/serve.ts', 'dist'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, HOST: host, PORT: port, SITE_URL: siteUrl },
  });
  children.push(server);
  server.on('exit', (code) => void shutdown(code ?? 0));
}
console.info(`\n  Site:     http://${host}:${port}/  (en: /en/, de: /de/)`);
if (env.PUBLIC_SUPABASE_URL) console.info(`  Supabase: ${env.PUBLIC_SUPABASE_URL}`);
if (inboxUrl) console.info(`  Mail:     ${inboxUrl}  (every mail the site sends locally)`);
if (storeBanner) console.info(`  Store:    ${storeBanner}`);
console.info('  Stop with Ctrl+C.\n');
