import { afterEach, describe, expect, it } from 'vitest';
import { afterFirstContent, afterFirstScreen } from './after-first-content.ts';

const settled = async (p: Promise<void>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('afterFirstContent: what is below the first screen waits for it', () => {
  afterEach(() => performance.clearMarks());

  it('waits for the first-content mark, and resolves when the page sets it', async () => {
    const waiting = afterFirstContent(10_000);
    expect(await settled(waiting, 50)).toBe(false);
    performance.mark('something-else');
    expect(await settled(waiting, 50)).toBe(false);
    performance.mark('first-content');
    expect(await settled(waiting, 500)).toBe(true);
  });

  it('resolves at once when the content is on screen already', async () => {
    performance.mark('first-content');
    expect(await settled(afterFirstContent(10_000), 20)).toBe(true);
  });

  it('does not wait forever on a page that never gets there', async () => {
    expect(await settled(afterFirstContent(30), 500)).toBe(true);
  });
});

describe('afterFirstScreen: the header waits for a signed-in page’s first content, nowhere else', () => {
  afterEach(() => performance.clearMarks());
  const page = (gated: boolean) => ({
    querySelector: (selector: string) => (gated && selector === 'script[data-session-gate]' ? {} : null),
  });

  it('on a public page: at once', async () => {
    expect(await settled(afterFirstScreen(page(false) as never), 20)).toBe(true);
  });

  it('on a gated page: once the first content is on screen', async () => {
    const waiting = afterFirstScreen(page(true) as never);
    expect(await settled(waiting, 50)).toBe(false);
    performance.mark('first-content');
    expect(await settled(waiting, 500)).toBe(true);
  });
});
