/** A message to show on the next page after a redirect (sign-in, sign-out). */
export type Flash = { title: string; description?: string };

const KEY = 'flash';

export function setFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {}
}

/** Returns and clears the pending message; anything unreadable is dropped. */
export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    const value = JSON.parse(raw) as Partial<Flash>;
    if (typeof value?.title !== 'string' || value.title === '') return null;
    return typeof value.description === 'string'
      ? { title: value.title, description: value.description }
      : { title: value.title };
  } catch {
    return null;
  }
}
