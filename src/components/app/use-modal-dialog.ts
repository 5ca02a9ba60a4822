import { useEffect, useRef } from 'react';

/**
 * The one setup of a native modal <dialog> (ConfirmDialog, the calendar's MoveDialog): `open`
 * shows it with showModal() (the browser keeps focus inside, Escape fires `cancel`), and closing
 * it returns focus to whatever opened it or, when that element is gone (redrawn elsewhere), to
 * `fallback()`. `onOpen` runs just before it shows (to fill its fields).
 */
export function useModalDialog(
  open: boolean,
  { onOpen, fallback }: { onOpen?: () => void; fallback?: () => HTMLElement | null } = {},
) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // The latest callbacks, so that only `open` decides when the dialog shows or closes.
  const calls = useRef({ onOpen, fallback });
  calls.current = { onOpen, fallback };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      calls.current.onOpen?.();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      const back =
        opener.current instanceof HTMLElement && opener.current.isConnected
          ? opener.current
          : calls.current.fallback?.();
      back?.focus();
    }
  }, [open]);
  return ref;
}
