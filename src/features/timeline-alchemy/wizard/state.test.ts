import { describe, expect, it } from 'vitest';
import {
  canAdvance,
  EMPTY,
  readState,
  storageKey,
  type WizardAction,
  type WizardState,
  wizardReducer,
  writeState,
} from './state.ts';

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

describe('wizard reducer: the steps', () => {
  const run = (s: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, s);
  const at = (step: number, extra: Partial<WizardState> = {}): WizardState => ({ ...EMPTY, step, ...extra });

  it('needs a client on step 1, then goes on; never past 5, never before 1', () => {
    expect(run(at(1), { type: 'next', postCount: 3 }).step).toBe(1);
    expect(run(at(1, { selectedClient: '' }), { type: 'next', postCount: 3 }).step).toBe(1);
    const chosen = run(at(1), { type: 'clientSelected', id: 'c1' });
    expect(chosen.selectedClient).toBe('c1');
    expect(run(chosen, { type: 'next', postCount: 3 }).step).toBe(2);
    expect(run(at(5, { selectedClient: 'c' }), { type: 'next', postCount: 0 }).step).toBe(5);
    expect(run(at(2), { type: 'previous' }).step).toBe(1);
    expect(run(at(1), { type: 'previous' }).step).toBe(1);
  });
  it('needs a post on step 2 unless there are none; choosing it again clears it', () => {
    expect(canAdvance(at(2), 2)).toBe(false);
    expect(canAdvance(at(2), 0)).toBe(true);
    const picked = run(at(2), { type: 'postToggled', id: 'p1' });
    expect(picked.selectedPosts).toEqual(['p1']);
    expect(run(picked, { type: 'postToggled', id: 'p2' }).selectedPosts).toEqual(['p2']);
    expect(run(picked, { type: 'postToggled', id: 'p1' }).selectedPosts).toEqual([]);
    expect(canAdvance(picked, 2)).toBe(true);
  });
  it('needs a platform on step 3; switching one on starts its text once, off and on keeps what was typed', () => {
    expect(canAdvance(at(3), 1)).toBe(false);
    const on = run(at(3), { type: 'platformToggled', platform: 'LinkedIn', text: 'from post' });
    expect(on.selectedTemplates).toEqual(['LinkedIn']);
    expect(on.texts).toEqual({ LinkedIn: 'from post' });
    expect(canAdvance(on, 1)).toBe(true);
    const typed = run(on, { type: 'textChanged', platform: 'LinkedIn', text: 'mine' });
    const offOn = run(
      typed,
      { type: 'platformToggled', platform: 'LinkedIn', text: 'x' },
      { type: 'platformToggled', platform: 'Facebook', text: 'for x' },
    );
    expect(offOn.selectedTemplates).toEqual(['Facebook']);
    expect(run(offOn, { type: 'platformToggled', platform: 'LinkedIn', text: 'again' }).texts).toEqual({
      LinkedIn: 'mine',
      Facebook: 'for x',
    });
  });
  it('needs a text for every chosen platform on step 4', () => {
    const s = at(4, {
      selectedTemplates: ['LinkedIn', 'Facebook'],
      texts: { LinkedIn: 'a', Facebook: '  ' },
    });
    expect(canAdvance(s, 1)).toBe(false);
    expect(run(s, { type: 'next', postCount: 1 }).step).toBe(4);
    const filled = run(s, { type: 'textChanged', platform: 'Facebook', text: 'b' });
    expect(canAdvance(filled, 1)).toBe(true);
    expect(run(filled, { type: 'next', postCount: 1 }).step).toBe(5);
    expect(canAdvance(at(4, { selectedTemplates: ['Facebook'] }), 1)).toBe(false);
  });
  it('takes the review fields as typed', () => {
    expect(run(at(5), { type: 'patch', patch: { title: 'T', adminNotes: 'N' } })).toEqual(
      at(5, { title: 'T', adminNotes: 'N' }),
    );
  });
  it('drops a chosen post that no longer exists, and keeps one that does', () => {
    const s = at(2, { selectedPosts: ['gone'] });
    expect(run(s, { type: 'postsLoaded', ids: ['p1'] }).selectedPosts).toEqual([]);
    const kept = at(2, { selectedPosts: ['p1'] });
    expect(run(kept, { type: 'postsLoaded', ids: ['p1', 'p2'] })).toBe(kept);
  });
});
