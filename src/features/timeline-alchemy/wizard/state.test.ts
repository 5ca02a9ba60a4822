import { describe, expect, it } from 'vitest';
import { EMPTY, readState, storageKey, writeState } from './state.ts';

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}
const storage = () => new MemoryStorage() as unknown as Storage & MemoryStorage;

describe('wizard state in sessionStorage', () => {
  it('survives a reload', () => {
    const s = storage();
    const state = {
      ...EMPTY,
      step: 3,
      selectedClient: 'c1',
      selectedTemplates: ['LinkedIn' as const],
      texts: { LinkedIn: 'Hi' },
    };
    writeState(s, storageKey(null), state);
    expect(readState(s, storageKey(null))).toEqual(state);
  });

  it('resets a corrupt or tampered value and removes it', () => {
    const s = storage();
    for (const bad of [
      '{not json',
      '{"step":2}',
      JSON.stringify({ ...EMPTY, selectedTemplates: ['MySpace'] }),
    ]) {
      s.setItem('k', bad);
      expect(readState(s, 'k')).toBeNull();
      expect(s.getItem('k')).toBeNull();
    }
  });

  it('clamps an out-of-range step', () => {
    const s = storage();
    s.setItem('k', JSON.stringify({ ...EMPTY, step: 42 }));
    expect(readState(s, 'k')?.step).toBe(5);
  });
});
