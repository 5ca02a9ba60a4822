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
