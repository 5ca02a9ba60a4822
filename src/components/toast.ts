import type { KeysWithPrefix } from '~/i18n/bind.ts';
import type { ErrorCode } from '~/lib/supabase/errors.ts';

/*
 * A tiny toast helper (SPEC.md section 9: bottom-right, auto-dismiss after 5 s). Framework-free so
 * the product form and the React cart drawer can both use it without loading anything extra.
 */

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: 'success' | 'error';
  dismissLabel?: string;
};

const DURATION_MS = 5000;

function region(): HTMLElement {
  let el = document.querySelector<HTMLElement>('[data-toast-region]');
  if (!el) {
    el = document.createElement('div');
    el.dataset.toastRegion = '';
    el.className = 'fixed bottom-4 right-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2';
    document.body.append(el);
  }
  return el;
}

/** Shows a toast; errors are announced assertively, everything else politely. */
export function showToast({
  title,
  description,
  variant = 'success',
  dismissLabel = '×',
}: ToastOptions): void {
  const toast = document.createElement('div');
  toast.setAttribute('role', variant === 'error' ? 'alert' : 'status');
  toast.className = `flex items-start gap-3 rounded-xl p-4 shadow-lg ring-1 ${
    variant === 'error' ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-white text-ink ring-ink/10'
  }`;
  const body = document.createElement('div');
  body.className = 'flex-1';
  const heading = document.createElement('p');
  heading.className = 'font-semibold';
  heading.textContent = title;
  body.append(heading);
  if (description) {
    const text = document.createElement('p');
    text.className = 'text-sm';
    text.textContent = description;
    body.append(text);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'rounded-full px-2 text-lg leading-none hover:bg-ink/10';
  close.setAttribute('aria-label', dismissLabel);
  close.textContent = '×';
  const remove = () => toast.remove();
  close.addEventListener('click', remove);
  toast.append(body, close);
  region().append(toast);
  setTimeout(remove, DURATION_MS);
}

/**
 * The one way a failed action is told in a toast: what failed as its title, why as its text in
 * the person's language through errorText() (src/lib/supabase/errors.ts, loaded only once
 * something failed), never a fixed text or the error's raw (English) message. `own` gives a
 * feature's more specific text for a code (a comment's rate limit). The page sends the `error.`
 * texts (`npm run i18n:check` fails a page whose island calls this without them). It lives here,
 * not in a file of its own: a shared module only React islands import would be put in their
 * chunk with what it imports (src/lib/build/chunk-groups.ts), this toast included, and the shop
 * pages would load React's chunk for it.
 */
export async function showFailure(
  title: string,
  t: (key: KeysWithPrefix<'error.'>) => string,
  error: unknown,
  own: Partial<Record<ErrorCode, string>> = {},
): Promise<void> {
  const errors = await import('~/lib/supabase/errors.ts');
  const description = own[errors.toErrorCode(error)] ?? errors.errorText(t, error);
  showToast({ title, description, variant: 'error' });
}
