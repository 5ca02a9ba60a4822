/**
 * When the popup may open (SPEC.md: once per session, after 20 s or on exit intent). Flags live
 * in sessionStorage; a storage that throws (privacy modes) counts as "already shown", so a broken
 * storage never makes the popup nag.
 */
export const POPUP_DELAY_MS = 20_000;
const SHOWN_KEY = 'newsletter-popup-shown';
const SUBSCRIBED_KEY = 'newsletter-subscribed';

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const session = (): Store | null => {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
};

function read(key: string, store: Store | null = session()): string | null {
  try {
    return store ? store.getItem(key) : '1';
  } catch {
    return '1';
  }
}
function write(key: string, store: Store | null = session()): void {
  try {
    store?.setItem(key, '1');
  } catch {}
}

export const markPopupShown = (store?: Store | null) => write(SHOWN_KEY, store);
export const markSubscribed = (store?: Store | null) => write(SUBSCRIBED_KEY, store);

/** True when nothing forbids the popup: not shown this session, not subscribed, not signed in. */
export function popupAllowed(opts: { signedIn: boolean; store?: Store | null }): boolean {
  if (opts.signedIn) return false;
  return read(SHOWN_KEY, opts.store) !== '1' && read(SUBSCRIBED_KEY, opts.store) !== '1';
}

/** A form the visitor is filling in (focused, or with typed values): never cover it. */
export function formInProgress(doc: Document = document): boolean {
  const active = doc.activeElement;
  if (active instanceof HTMLElement && active.closest('form') && active.matches('input, textarea, select'))
    return true;
  for (const input of doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'form input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]), form textarea',
  )) {
    if (input.closest('dialog')) continue;
    if (input.value.trim() !== '' && input.type !== 'search') return true;
  }
  return false;
}
