import type { IslandProps } from '../shared/page-props.ts';
import { TaGate } from '../shared/TaGate.tsx';
import { MyPreviews } from './MyPreviews.tsx';

/** /timeline-alchemy/client/my-previews: clients only. */
export default function MyPreviewsPage(props: IslandProps) {
  return (
    <TaGate page={props} needs="client">
      {(gate) => (
        <MyPreviews
          db={gate.db}
          userId={gate.user.id}
          lang={props.lang}
          messages={props.messages}
          displayName={gate.profile.displayName}
        />
      )}
    </TaGate>
  );
}
