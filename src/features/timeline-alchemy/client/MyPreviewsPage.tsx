import { GatedPage } from '~/features/auth/islands.ts';
import type { IslandProps } from '../shared/page-props.ts';
import { MyPreviews } from './MyPreviews.tsx';

/** /timeline-alchemy/client/my-previews: clients only. */
export default function MyPreviewsPage(props: IslandProps) {
  return (
    // biome-ignore lint/a11y/useValidAriaRole: `role` is the account role the page requires
    <GatedPage authPath={props.authPath} homePath={props.homePath} role="client" messages={props.messages}>
      {(gate) => (
        <MyPreviews
          db={gate.db}
          userId={gate.user.id}
          lang={props.lang}
          messages={props.messages}
          displayName={gate.profile.displayName}
        />
      )}
    </GatedPage>
  );
}
