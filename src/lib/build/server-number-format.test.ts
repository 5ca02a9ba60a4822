import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales.ts';
import { NUMBER_CALL, serverNumberFormat, withServerNumberFormat } from './server-number-format.ts';

// Beside format.ts, so its relative imports resolve; removed afterwards.
const SERVER_COPY = new URL(`../../i18n/format.server-${process.pid}.test-copy.ts`, import.meta.url);
afterAll(() => rm(SERVER_COPY, { force: true }));

const NUMBERS = [0, 7, 999, 2026, 12345, 1234567.891, 1.5, -12345.678, 0.000123, 1e21, Number.NaN, -0];

describe('the server copy of formatNumber', () => {
  it('writes every number as toLocaleString does, in every language', async () => {
    const source = await readFile(new URL('../../i18n/format.ts', import.meta.url), 'utf8');
    await writeFile(SERVER_COPY, withServerNumberFormat(source));
    const server = (await import(
      /* @vite-ignore */ SERVER_COPY.href
    )) as typeof import('../../i18n/format.ts');
    for (const lang of locales) {
      for (const n of NUMBERS) {
        expect(server.formatNumber(n, lang), `${n} in ${lang}`).toBe(
          n.toLocaleString(lang, { useGrouping: 'min2' }),
        );
      }
      expect(server.format('{a} of {b}', { a: 12345, b: 'x' }, lang)).toBe(
        `${(12345).toLocaleString(lang, { useGrouping: 'min2' })} of x`,
      );
    }
  });

  it('fails the build when format.ts no longer has the call it replaces', () => {
    expect(() => withServerNumberFormat('export const formatNumber = (v: number) => String(v);')).toThrow(
      /no longer calls .*toLocaleString/,
    );
    expect(withServerNumberFormat(`return ${NUMBER_CALL};`)).not.toContain('toLocaleString');
  });

  it('leaves the browser bundle as written', () => {
    const plugin = serverNumberFormat();
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: 'client' })).toBe(false);
    expect(applies({ name: 'ssr' })).toBe(true);
    expect(applies({ name: 'prerender' })).toBe(true);
  });
});
