/**
 * `npm run lock:platforms`: this machine's npm registry mirror has no builds of native packages
 * for other platforms (darwin, win32, android, ...), so `npm install` skips those optional
 * dependencies without recording them, and `npm ci` then refuses the lockfile as out of sync
 * ("Missing: @biomejs/cli-darwin-arm64@2.6.8 from lock file"). This adds a lock entry for each
 * such package with its os/cpu/libc, so `npm ci` sees them and skips them as unsupported here.
 * Run it after every `npm install` that changes package-lock.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};

/** The platform a native package is built for, read from its name (`…-darwin-arm64`, `…-linux-x64-musl`). */
export function platformOf(name: string): Pick<Entry, 'os' | 'cpu' | 'libc'> {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const os = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'sunos', 'aix'].find((o) =>
    parts.includes(o),
  );
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64'].find((c) =>
    parts.includes(c),
  );
  const libc = parts.includes('musl')
    ? 'musl'
    : parts.includes('gnu') && os === 'linux'
      ? 'glibc'
      : undefined;
  return {
    ...(os ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(libc ? { libc: [libc] } : {}),
  };
}

if (import.meta.main) {
  const file = 'package-lock.json';
  const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };
  const added: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
      const platform = platformOf(name);
      // Only platform builds are filled in: anything else missing is a real inconsistency.
      if (!platform.os && !platform.cpu) continue;
      lock.packages[`node_modules/${name}`] = {
        version: spec.replace(/^[v=^~]/, ''),
        ...(entry.dev ? { dev: true } : {}),
        optional: true,
        ...platform,
      };
      added.push(`${name}@${spec}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.info(
    added.length ? `Added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'Nothing to add.',
  );
}
