import { parseArgs } from 'node:util';
import { StackError } from './errors.ts';
import { ANON_KEY, DEMO_LOGINS, DEMO_PASSWORD, SERVICE_ROLE_KEY } from './keys.ts';
import { type Stack, startStack } from './stack.ts';

/**
 * `node supabase/local/cli.ts start [--port N] [--data-dir DIR] [--fresh] [--autoconfirm]`
 * `node supabase/local/cli.ts reset [...]` (same as start --fresh)
 * Prints `READY <url>` once serving; stops cleanly on SIGINT/SIGTERM.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    fresh: { type: 'boolean', default: false },
    // Confirmations are on by default, as in production; --autoconfirm turns them off.
    'confirm-emails': { type: 'boolean', default: true },
    autoconfirm: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});
const command = positionals[0] ?? 'start';
if (command !== 'start' && command !== 'reset') {
  console.error(`Unknown command ${command}; use start or reset.`);
  process.exit(2);
}

let stack: Stack | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await stack?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

try {
  stack = await startStack({
    ...(values.port ? { port: Number(values.port) } : {}),
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    fresh: values.fresh || command === 'reset',
    confirmEmails: values['confirm-emails'] && !values.autoconfirm,
  });
} catch (error) {
  console.error(error instanceof StackError ? error.message : error);
  process.exit(1);
}
if (!values.quiet) {
  console.info(`Local Supabase stack ready in ${stack.timings['ready']} ms (data: ${stack.dataDir})`);
  console.info(`  API URL:          ${stack.url}`);
  console.info(`  DB URL:           ${stack.postgresUrl}  (not a superuser, as on hosted)`);
  console.info(`  superuser URL:    ${stack.dbUrl}  (supabase_admin)`);
  console.info(`  anon key:         ${ANON_KEY}`);
  console.info(`  service_role key: ${SERVICE_ROLE_KEY}`);
  console.info(`  mail inbox:       ${stack.inboxUrl}  (SMTP capture: ${stack.smtpUrl})`);
  console.info(
    `  X stand-in:       ${stack.xUrl}   LinkedIn stand-in: ${stack.linkedinUrl}   Meta (Facebook, Instagram) stand-in: ${stack.metaUrl}`,
  );
  console.info(`  demo logins (password ${DEMO_PASSWORD}):`);
  for (const login of DEMO_LOGINS)
    console.info(`    ${login.role.padEnd(7)} ${login.email.padEnd(20)} ${login.name}`);
}
console.info(`READY ${stack.url}`);
