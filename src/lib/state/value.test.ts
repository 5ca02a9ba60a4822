import { describe, expect, it, vi } from 'vitest';
import { value } from './value.ts';

describe('value', () => {
  it('subscribe calls at once and on each change; listen only on changes', () => {
    const v = value(1);
    const sub = vi.fn();
    const lis = vi.fn();
    v.subscribe(sub);
    v.listen(lis);
    expect(sub).toHaveBeenCalledWith(1);
    expect(lis).not.toHaveBeenCalled();
    v.set(2);
    expect(sub).toHaveBeenLastCalledWith(2);
    expect(lis).toHaveBeenCalledWith(2);
    expect(v.get()).toBe(2);
  });

  it('an equal value notifies no one; a new object does', () => {
    const state = { a: 1 };
    const v = value(state);
    const lis = vi.fn();
    v.listen(lis);
    v.set(state);
    expect(lis).not.toHaveBeenCalled();
    v.set({ a: 1 });
    expect(lis).toHaveBeenCalledTimes(1);
  });

  it('a stopped listener hears nothing more, and one that stops during a change does not break the others', () => {
    const v = value(0);
    const a = vi.fn();
    const b = vi.fn();
    const stopA = v.listen(() => {
      a();
      stopA();
    });
    v.listen(b);
    v.set(1);
    v.set(2);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
  });
});
