import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { init, parse } from 'es-module-lexer';
import type { ScriptTokens } from './css-rules.ts';

/*
 * What the scripts of a page may put into it: the words of every module the page can load (its
 * module scripts and everything they import, statically or on demand), split where a class name
 * cannot continue (white space, quotes, backticks, backslashes). Tailwind finds its classes in
 * the source the same way, so a class a script adds appears here as a whole word.
 */

const WORD_BREAK = /[\s"'`\\]+/;

function words(code: string): Set<string> {
  const set = new Set<string>();
  for (const word of code.split(WORD_BREAK)) if (word) set.add(word);
  return set;
}

/** Custom property names a script mentions (`--name`). */
function varsOf(code: string): Set<string> {
  return new Set([...code.matchAll(/--[A-Za-z0-9_-]+/g)].map((m) => m[0]));
}

function specifiers(code: string): string[] {
  try {
    const [found] = parse(code);
    return found.flatMap((i) => (typeof i.specifier === 'string' ? [i.specifier] : []));
  } catch {
    return [];
  }
}

/** Resolves a module specifier against the URL path of the module that names it (site-relative only). */
function resolvePath(specifier: string, from: string): string | undefined {
  if (!specifier.startsWith('/') && !specifier.startsWith('.')) return undefined;
  if (specifier.startsWith('//')) return undefined;
  return new URL(specifier, `http://site${from}`).pathname;
}

type Module = { words: Set<string>; vars: Set<string>; imports: string[] };

/** The modules of the static output in `dir`, read on first use. */
export function scriptGraph(dir: string) {
  const modules = new Map<string, Promise<Module | undefined>>();
  const closures = new Map<string, Promise<ScriptTokens>>();

  function load(path: string): Promise<Module | undefined> {
    let module = modules.get(path);
    if (!module) {
      module = readFile(join(dir, decodeURIComponent(path)), 'utf8').then(
        async (code) => {
          await init;
          const imports = specifiers(code).flatMap((s) => resolvePath(s, path) ?? []);
          return { words: words(code), vars: varsOf(code), imports };
        },
        () => undefined,
      );
      modules.set(path, module);
    }
    return module;
  }

  async function closure(entries: string[]): Promise<ScriptTokens> {
    const seen = new Set<string>();
    const sets: Set<string>[] = [];
    const varSets: Set<string>[] = [];
    const queue = [...entries];
    while (queue.length) {
      const path = queue.shift() as string;
      if (seen.has(path)) continue;
      seen.add(path);
      const module = await load(path);
      if (!module) continue;
      sets.push(module.words);
      varSets.push(module.vars);
      queue.push(...module.imports);
    }
    // One set per closure (closures are cached per page type): every rule of every page asks.
    const all = sets.length === 1 ? (sets[0] as Set<string>) : new Set(sets.flatMap((set) => [...set]));
    const vars = new Set(varSets.flatMap((set) => [...set]));
    return { has: (token) => all.has(token), mentionsVar: (name) => vars.has(name) };
  }

  return {
    /**
     * Tokens of the scripts a page loads: `sources` are its module scripts' URL paths, `inline`
     * the code of its inline module scripts (their imports are followed too).
     */
    async tokensFor(sources: string[], inline: string[] = []): Promise<ScriptTokens> {
      await init;
      const entries = [
        ...sources,
        ...inline.flatMap((code) => specifiers(code).flatMap((s) => resolvePath(s, '/') ?? [])),
      ];
      const key = [...new Set(entries)].sort().join('\n');
      let loaded = closures.get(key);
      if (!loaded) {
        loaded = closure([...new Set(entries)]);
        closures.set(key, loaded);
      }
      const modules = await loaded;
      const own = inline.map(words);
      const ownVars = inline.map(varsOf);
      return {
        has: (token) => modules.has(token) || own.some((set) => set.has(token)),
        mentionsVar: (name) => modules.mentionsVar?.(name) === true || ownVars.some((set) => set.has(name)),
      };
    },
  };
}
