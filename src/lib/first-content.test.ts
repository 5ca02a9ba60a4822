import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Effects run as the hook is called: what matters here is when the mark is set.
vi.mock('react', () => ({ useEffect: (effect: () => void) => effect() }));

const marked = () => performance.getEntriesByName('first-content', 'mark').length;
const fresh = async () => {
  vi.resetModules();
  return import('./first-content.ts');
};

describe('the first-content mark: the page’s first real data, else the gate’s first screen', () => {
  beforeEach(() => performance.clearMarks());
  afterEach(() => performance.clearMarks());

  it('a page component sets it once its data is on screen, once; the gate then adds none', async () => {
    const { useFirstContent, pageShown } = await fresh();
    useFirstContent(false);
    pageShown();
    expect(marked()).toBe(0);
    useFirstContent(true);
    useFirstContent(true);
    expect(marked()).toBe(1);
  });

  it('on a page whose components set none, the gate’s first screen sets it', async () => {
    const { pageShown } = await fresh();
    pageShown();
    pageShown();
    expect(marked()).toBe(1);
  });
});

describe('afterFirstContent: what is below the first screen waits for it', () => {
  beforeEach(() => performance.clearMarks());
  const settled = async (p: Promise<void>, ms: number) =>
    Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  it('waits for the page’s first content, and resolves at once once it is there', async () => {
    const { useFirstContent, afterFirstContent } = await fresh();
    const waiting = afterFirstContent(10_000);
    expect(await settled(waiting, 50)).toBe(false);
    useFirstContent(true);
    expect(await settled(waiting, 50)).toBe(true);
    expect(await settled(afterFirstContent(10_000), 20)).toBe(true);
  });

  it('does not wait forever on a page that never gets there', async () => {
    const { afterFirstContent } = await fresh();
    expect(await settled(afterFirstContent(30), 500)).toBe(true);
  });
});
