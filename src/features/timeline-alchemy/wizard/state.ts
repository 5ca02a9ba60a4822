import * as z from 'zod/mini';
import { PLATFORMS } from '../platforms.ts';

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
