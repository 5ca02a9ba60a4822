import { type ComponentProps, lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import type { ConfirmDialog } from './ConfirmDialog.tsx';

let loading: Promise<typeof import('./ConfirmDialog.tsx')> | undefined;

/**
 * Starts loading the dialog's code (call it on pointerenter/focus of whatever opens it, so the
 * dialog opens at once). Safe to call many times.
 */
function preloadConfirmDialog(): Promise<typeof import('./ConfirmDialog.tsx')> {
  loading ??= import('./ConfirmDialog.tsx');
  return loading;
}

/**
 * A ref for the area holding the buttons that open a confirmation: the first pointer over it or
 * focus inside it preloads the dialog, so it opens without a wait.
 */
export function useConfirmPreload<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const preload = () => void preloadConfirmDialog();
    el.addEventListener('pointerover', preload, { once: true, passive: true });
    el.addEventListener('focusin', preload, { once: true });
    return () => {
      el.removeEventListener('pointerover', preload);
      el.removeEventListener('focusin', preload);
    };
  });
  return ref;
}

const Dialog = lazy(() => preloadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

/**
 * ConfirmDialog with the same props and behaviour, whose code loads the first time it opens (a
 * confirmation is only ever needed after an interaction). Once opened it stays mounted, so it
 * closes and returns focus exactly like ConfirmDialog.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
