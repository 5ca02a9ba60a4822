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
