import { GatedPage } from '~/features/auth/islands.ts';
import type { IslandProps } from '../shared/page-props.ts';
import { Dashboard } from './Dashboard.tsx';

/** /timeline-alchemy/admin/dashboard: admins only. */
export default function DashboardPage(props: IslandProps) {
  return (
    // biome-ignore lint/a11y/useValidAriaRole: `role` is the account role the page requires
    <GatedPage authPath={props.authPath} homePath={props.homePath} role="admin" messages={props.messages}>
      {(gate) => (
        <Dashboard
          db={gate.db}
          userId={gate.user.id}
          lang={props.lang}
          messages={props.messages}
          wizardPath={props.wizardPath}
        />
      )}
    </GatedPage>
  );
}
