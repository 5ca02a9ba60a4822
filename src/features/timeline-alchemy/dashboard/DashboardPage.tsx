import type { IslandProps } from '../shared/page-props.ts';
import { TaGate } from '../shared/TaGate.tsx';
import { Dashboard } from './Dashboard.tsx';

/** /timeline-alchemy/admin/dashboard: admins only. */
export default function DashboardPage(props: IslandProps) {
  return (
    <TaGate page={props} needs="admin">
      {(gate) => (
        <Dashboard
          db={gate.db}
          userId={gate.user.id}
          lang={props.lang}
          messages={props.messages}
          wizardPath={props.wizardPath}
        />
      )}
    </TaGate>
  );
}
