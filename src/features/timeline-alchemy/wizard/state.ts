import * as z from 'zod/mini';
import { PLATFORMS, type Platform } from '../platforms.ts';

/** What the wizard keeps across a reload (sessionStorage), validated on every read. */
const schema = z.object({
  step: z.number(),
  selectedClient: z.nullable(z.string()),
  selectedTemplates: z.array(z.enum(PLATFORMS)),
  selectedPosts: z.array(z.string()),
  content: z.string(),
  texts: z.record(z.string(), z.string()),
  title: z.string(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  adminNotes: z.string(),
});
export type WizardState = z.infer<typeof schema>;

export const EMPTY: WizardState = {
  step: 1,
  selectedClient: null,
  selectedTemplates: [],
  selectedPosts: [],
  content: '',
  texts: {},
  title: '',
  scheduledDate: '',
  scheduledTime: '',
  adminNotes: '',
};

/** One storage key per preview being edited, one for a new preview. */
export const storageKey = (editId: string | null) => `ta.wizard.${editId ?? 'new'}`;

/** The stored state, or null when there is none; a corrupt value is removed, never trusted. */
export function readState(storage: Storage, key: string): WizardState | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) {
      const step = Math.min(5, Math.max(1, Math.trunc(parsed.data.step)));
      return { ...parsed.data, step: Number.isFinite(step) ? step : 1 };
    }
  } catch {
    // fall through: not JSON
  }
  storage.removeItem(key);
  return null;
}

export function writeState(storage: Storage, key: string, state: WizardState): void {
  try {
    storage.setItem(key, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the wizard still works, it just will not survive a reload.
  }
}

/** Every change the wizard's screens make, as one pure reducer (no React, no storage). */
export type WizardAction =
  /** Review-step fields: title, date, time, notes. */
  | { type: 'patch'; patch: Partial<WizardState> }
  | { type: 'clientSelected'; id: string }
  /** One post at most: choosing the chosen one again clears it. */
  | { type: 'postToggled'; id: string }
  /** `text`: the platform's starting text, used when it is switched on for the first time. */
  | { type: 'platformToggled'; platform: Platform; text: string }
  | { type: 'textChanged'; platform: Platform; text: string }
  /** `postCount`: how many blog posts exist (with none, step 2 may be passed empty). */
  | { type: 'next'; postCount: number }
  | { type: 'previous' }
  /** The blog posts that exist: a handed-over or stored post that is gone is dropped. */
  | { type: 'postsLoaded'; ids: string[] };

/** Whether the current step is complete, so Next may be pressed. */
export function canAdvance(s: WizardState, postCount: number): boolean {
  switch (s.step) {
    case 1:
      return s.selectedClient !== null && s.selectedClient !== '';
    case 2:
      return s.selectedPosts.length > 0 || postCount === 0;
    case 3:
      return s.selectedTemplates.length > 0;
    case 4:
      return s.selectedTemplates.every((p) => (s.texts[p] ?? '').trim() !== '');
    default:
      return false;
  }
}

export function wizardReducer(s: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'patch':
      return { ...s, ...action.patch };
    case 'clientSelected':
      return { ...s, selectedClient: action.id };
    case 'postToggled':
      return { ...s, selectedPosts: s.selectedPosts[0] === action.id ? [] : [action.id] };
    case 'platformToggled': {
      const { platform, text } = action;
      if (s.selectedTemplates.includes(platform))
        return { ...s, selectedTemplates: s.selectedTemplates.filter((x) => x !== platform) };
      // A platform switched off and on again keeps what was typed for it.
      const texts = s.texts[platform] === undefined ? { ...s.texts, [platform]: text } : s.texts;
      return { ...s, selectedTemplates: [...s.selectedTemplates, platform], texts };
    }
    case 'textChanged':
      return { ...s, texts: { ...s.texts, [action.platform]: action.text } };
    case 'next':
      return s.step < 5 && canAdvance(s, action.postCount) ? { ...s, step: s.step + 1 } : s;
    case 'previous':
      return s.step > 1 ? { ...s, step: s.step - 1 } : s;
    case 'postsLoaded':
      return s.selectedPosts.every((id) => action.ids.includes(id)) ? s : { ...s, selectedPosts: [] };
  }
}
