/*
 * Which shared file a browser module goes into, decided by what the module is, never by its
 * path. Each file is gzipped on its own and a small file compresses badly: left to itself the
 * bundler made ~20 chunks of 0.1-1 KB per page (one per set of pages sharing a module), which
 * cost the signed-in pages ~3 KB gz. Two shared files instead:
 *   - `shell`: what every page runs, i.e. the scripts of the layouts (src/layouts/*.astro) and
 *     everything they import statically, plus the bundler's own runtime helpers;
 *   - `members`: React's packages (react, react-dom, scheduler) and the shared floors' code
 *     (src/components, src/lib, src/i18n: not a feature's own) that two or more React islands,
 *     and nothing else, import statically (mount, gated page, states, avatar), with what that
 *     imports: every signed-in page loads it anyway.
 * Everything else keeps the bundler's own chunking (per island, per lazy import).
 */

/** The part of the bundler's module info this needs (rolldown's ChunkingContext.getModuleInfo). */
export type ModuleFacts = {
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  isEntry: boolean;
};
export type ModuleGraph = { getModuleInfo(id: string): ModuleFacts | null };

export type Group = 'shell' | 'members';

/** An Astro component's script (`X.astro?astro&type=script...`) whose component is a layout. */
export function isLayoutScript(id: string): boolean {
  const [file, query = ''] = id.split('?');
  return (
    /[\\/]src[\\/]layouts[\\/]/.test(file ?? '') && /\.astro$/.test(file ?? '') && /type=script/.test(query)
  );
}

/** Code the bundler writes itself (runtime helpers, the preload helper): virtual `\0` modules. */
function isBundlerRuntime(id: string): boolean {
  return /^\0(?:rolldown|vite)[\\/]/.test(id);
}

/** The npm package a module belongs to (`@scope/name` or `name`), if it is in node_modules. */
export function packageOf(id: string): string | undefined {
  const parts = id.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const name = parts[at + 1] as string;
  return name.startsWith('@') ? `${name}/${parts[at + 2] ?? ''}` : name;
}

/** A package's main file (`node_modules/<name>/index.js`), which may re-export its other modules. */
export function isPackageEntry(id: string): boolean {
  const name = packageOf(id);
  return (
    name !== undefined &&
    new RegExp(`[\\\\/]node_modules[\\\\/]${name.replace('/', '[\\\\/]')}[\\\\/]index\\.m?js$`).test(id)
  );
}

/** Our code outside the feature folders: shared components, lib, i18n (ARCHITECTURE.md "Layout"). */
function isSharedFloor(id: string): boolean {
  return packageOf(id) === undefined && /[\\/]src[\\/]/.test(id) && !/[\\/]src[\\/]features[\\/]/.test(id);
}

const REACT_PACKAGES = new Set(['react', 'react-dom', 'scheduler']);

/** Assigns modules to groups over one module graph; answers are remembered per graph. */
export function chunkGroups(graph: ModuleGraph) {
  const info = (id: string) => graph.getModuleInfo(id);
  const isReact = (id: string) => REACT_PACKAGES.has(packageOf(id) ?? '');

  /** Walks from `id` along `next`, and tells whether some module on the way satisfies `hit`. */
  const reaches = (id: string, next: (id: string) => readonly string[], hit: (id: string) => boolean) => {
    const seen = new Set<string>([id]);
    const queue = [id];
    while (queue.length > 0) {
      const at = queue.shift() as string;
      if (hit(at)) return true;
      for (const n of next(at)) {
        if (seen.has(n)) continue;
        seen.add(n);
        queue.push(n);
      }
    }
    return false;
  };
  const remember = <T>(compute: (id: string) => T) => {
    const known = new Map<string, T>();
    return (id: string): T => {
      if (!known.has(id)) known.set(id, compute(id));
      return known.get(id) as T;
    };
  };

  /**
   * Imported statically, directly or not, by a layout's script (or is one). A package's own entry
   * that only re-exports its parts (nanostores' index.js) does not carry all of them into the shell:
   * a part the shell never uses (nanostores' lifecycle, used by the cart's persistent store) would
   * otherwise ride in every page's shell. Such a part is in the shell only through another part.
   */
  const inShell = remember((id) =>
    reaches(
      id,
      (m) =>
        (info(m)?.importers ?? []).filter((by) => !(isPackageEntry(by) && packageOf(by) === packageOf(m))),
      isLayoutScript,
    ),
  );

  /** An entry (an island, a page script) whose static imports reach React. */
  const usesReact = remember((id) => reaches(id, (m) => info(m)?.importedIds ?? [], isReact));

  /** A file of its own loads from here: an entry, or the target of a dynamic import. */
  const isRoot = (id: string) => {
    const facts = info(id);
    return facts !== null && (facts.isEntry || facts.dynamicImporters.length > 0);
  };

  /**
   * Shared by React islands only: two or more roots import `id` statically (directly or not), and
   * each of them reaches React. A module that a React-free script also loads (the header's lazy
   * parts, say) stays out, or that script would pull React in with it.
   */
  const onlyReactShares = (id: string) => {
    let react = 0;
    let other = 0;
    reaches(
      id,
      (m) => info(m)?.importers ?? [],
      (m) => {
        if (m !== id && isRoot(m)) {
          if (usesReact(m)) react++;
          else other++;
        }
        return false;
      },
    );
    return react >= 2 && other === 0;
  };

  return remember((id: string): Group | null => {
    if (isBundlerRuntime(id) || inShell(id)) return 'shell';
    if (isReact(id)) return 'members';
    if (isSharedFloor(id) && !isRoot(id) && onlyReactShares(id)) return 'members';
    return null;
  });
}
