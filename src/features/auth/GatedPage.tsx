import type { ReactNode } from 'react';
import { ErrorState, LoadingState, NotAllowed } from '~/components/app/States.tsx';
import type { Role } from './store.ts';
import { type Gate, useGate } from './useGate.ts';

type ReadyGate = Extract<Gate, { status: 'ready' }>;
type Props = {
  /** The localized /auth path of this page's language. */
  authPath: string;
  /** The localized home path, the way back from "not allowed". */
  homePath: string;
  role?: Role | Role[];
  /** Texts with the `app.` prefix (messagesWithPrefix(lang, 'app.')). */
  messages: Record<string, string>;
  children: (gate: ReadyGate) => ReactNode;
};

/** Renders `children` only for a signed-in person whose role may open the page (useGate). */
export function GatedPage({ authPath, homePath, role, messages, children }: Props) {
  const m = (key: string) => messages[key] ?? key;
  const gate = useGate(authPath, role);
  if (gate.status === 'loading') return <LoadingState label={m('app.loading')} />;
  if (gate.status === 'redirecting') return <p role="status">{m('app.redirecting')}</p>;
  if (gate.status === 'error')
    return <ErrorState title={m('app.errorTitle')} retryLabel={m('app.retry')} onRetry={gate.retry} />;
  if (gate.status === 'forbidden')
    return (
      <NotAllowed
        title={m('app.notAllowed.title')}
        text={m('app.notAllowed.text')}
        backLabel={m('app.notAllowed.back')}
        backHref={homePath}
      />
    );
  return <>{children(gate)}</>;
}
