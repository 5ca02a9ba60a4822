import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { ConfirmDialog } from './ConfirmDialog.tsx';

let loading: Promise<typeof import('./ConfirmDialog.tsx')> | undefined;

/**
 * Starts loading the dialog's code (call it on pointerenter/focus of whatever opens it, so the
 * dialog opens at once). Safe to call many times.
 */
export function preloadConfirmDialog(): Promise<typeof import('./ConfirmDialog.tsx')> {
  loading ??= import('./ConfirmDialog.tsx');
  return loading;
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
