import { afterEach, describe, expect, it } from 'vitest';
import { afterFirstContent } from './after-first-content.ts';

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
