import { existsSync } from 'node:fs';

/**
 * The Chromium the tests drive: CHROMIUM_PATH when set, else Debian's headless shell
 * (`chromium-headless-shell`, the same Chromium release without the full browser's software
 * compositor: the e2e run needs about 40 % less CPU on the two-core machine), else Debian's
 * full Chromium. `.ci/run` installs both; the Lighthouse bench keeps the full browser, and so
 * do the e2e tests tagged `@full-browser` (playwright.config.ts): the shell never asks for a
 * page's icon, for one.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export function testChromiumPath(): string {
  const chosen = process.env['CHROMIUM_PATH'];
  if (chosen) return chosen;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}

/** Debian's full Chromium (or CHROMIUM_PATH): what a visitor runs, icons and all. */
export function fullChromiumPath(): string {
  return process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';
}
