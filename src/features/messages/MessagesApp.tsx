import { useMemo } from 'react';
import { GatedPage } from '~/features/auth/islands.ts';
import type { TextsFor } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { MessagesScreen } from './MessagesScreen.tsx';
import { makeTr } from './texts.ts';

type Props = {
  /** Texts with the `messages.` and `app.` prefixes. */
  messages: TextsFor<'messages.' | 'app.' | 'error.'>;
  lang: Locale;
  intl: string;
  authPath: string;
  homePath: string;
  basePath: string;
  membersPath: string;
  /** /user/{id} without the id, localized. */
  userBasePath: string;
  initialOther?: string | undefined;
};

/** The /messages island: gated (signed-out visitors go to /auth and come back), then the screen. */
export default function MessagesApp(props: Props) {
  const tr = useMemo(() => makeTr(props.messages, props.lang), [props.messages, props.lang]);
  return (
    <GatedPage authPath={props.authPath} homePath={props.homePath} messages={props.messages}>
      {(gate) => (
        <MessagesScreen
          db={gate.db}
          me={gate.user.id}
          tr={tr}
          intl={props.intl}
          initialOther={props.initialOther}
          paths={{
            base: props.basePath,
            members: props.membersPath,
            user: (id) => `${props.userBasePath}/${id}`,
          }}
        />
      )}
    </GatedPage>
  );
}
