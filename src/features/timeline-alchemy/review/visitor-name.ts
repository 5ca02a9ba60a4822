/**
 * The name a review-link visitor writes under, remembered in this browser so the next comment (or
 * the next visit) does not ask again. Storage may be missing, full or hold anything: a value that is
 * not a usable name is removed and the box starts empty.
 */
const KEY = 'ta.reviewName';
const MAX = 80;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readVisitorName(storage: Store | undefined): string {
  try {
    const raw = storage?.getItem(KEY);
    if (raw == null) return '';
    const name = raw.trim();
    if (name && name.length <= MAX && !/[\p{Cc}]/u.test(name)) return name;
    storage?.removeItem(KEY);
  } catch {
    // No storage (private mode, blocked): nothing remembered.
  }
  return '';
}

export function rememberVisitorName(storage: Store | undefined, name: string): void {
  try {
    const value = name.trim();
    if (value && value.length <= MAX) storage?.setItem(KEY, value);
  } catch {
    // Full or blocked storage: the name is simply asked again next time.
  }
}
