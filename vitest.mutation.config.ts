import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { defineConfig } from 'vitest/config';
import stryker from './stryker.config.mjs';
import base from './vitest.config.ts';

/*
 * The unit tests Stryker runs (`npm run test:mutation`): the unit project of vitest.config.ts
 * (never the integration project, which starts a database), narrowed to the tests of the mutated
 * files, so that each mutant is judged by the tests of its own module and a mutant in
 * module-level code (a schema, a rule table) does not rerun the whole suite.
 */
const unit = base.test?.projects?.find(
  (p): p is Exclude<typeof p, string> & { test: { name: string } } =>
    typeof p === 'object' && 'test' in p && p.test?.name === 'unit',
);
if (!unit) throw new Error('vitest.config.ts has no project named "unit"');

// Entries may carry a line range (`file.ts:1-25`).
const mutated = ((stryker.mutate ?? []) as string[])
  .filter((m) => !m.startsWith('!'))
  .map((m) => m.replace(/:[\d:-]+$/, ''));
// `x.ts` is judged by `x.test.ts` and `x.*.test.ts` where there are any, else by its folder's tests.
const include = [
  ...new Set(
    mutated.flatMap((file) => {
      const dir = posix.dirname(file);
      const name = posix.basename(file, '.ts');
      const own = readdirSync(dir).some(
        (f) => f === `${name}.test.ts` || (f.startsWith(`${name}.`) && f.endsWith('.test.ts')),
      );
      return own ? [`${dir}/${name}.test.ts`, `${dir}/${name}.*.test.ts`] : [`${dir}/*.test.ts`];
    }),
  ),
];

// One process per run is enough here and three times faster than isolating every file: Stryker
// still starts each run afresh, so a mutant in module-level code is evaluated anew.
const { name: _name, ...test } = unit.test;
export default defineConfig({ ...unit, test: { ...test, include, isolate: false } });
