import { describe, expect, it } from 'vitest';
import { batched } from './batch.ts';

describe('batched: one read for the calls of one task', () => {
  it('answers the calls of one task with one load of their distinct keys', async () => {
    const loads: string[][] = [];
    const read = batched(async (keys: string[]) => {
      loads.push(keys);
      return (key: string) => `${key}!`;
    });
    const answers = await Promise.all([read('a'), read('b'), read('a')]);
    expect(answers).toEqual(['a!', 'b!', 'a!']);
    expect(loads).toEqual([['a', 'b']]);
  });

  it('starts a new load for calls made after the batch went out', async () => {
    const loads: string[][] = [];
    const read = batched(async (keys: string[]) => {
      loads.push(keys);
      return (key: string) => key.length;
    });
    await read('one');
    await read('three');
    expect(loads).toEqual([['one'], ['three']]);
  });

  it('fails every call of the batch when the load fails, and the next batch loads again', async () => {
    let fail = true;
    const read = batched(async (keys: string[]) => {
      if (fail) throw new Error('offline');
      return (key: string) => keys.indexOf(key);
    });
    const results = await Promise.allSettled([read('x'), read('y')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('z')).toBe(0);
  });
});
