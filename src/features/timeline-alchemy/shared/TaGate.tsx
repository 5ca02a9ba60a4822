import type { ComponentProps, ComponentType } from 'react';
import { GatedPage } from '~/features/auth/islands.ts';
import type { TextsFor } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { TaPrefix } from './format.ts';
import type { IslandProps } from './page-props.ts';

type Gated = ComponentProps<typeof GatedPage>;

/** A Timeline Alchemy page's gate: its paths and texts from the page's props, the role it needs. */
export function TaGate({
  page,
  needs,
  children,
}: {
  page: Pick<IslandProps, 'authPath' | 'homePath' | 'messages'>;
  /** The account role the page requires. */
  needs: 'admin' | 'client';
  children: Gated['children'];
}) {
  return (
    <GatedPage authPath={page.authPath} homePath={page.homePath} role={needs} messages={page.messages}>
      {children}
    </GatedPage>
  );
}

/** What an admin's list screen (ideas, blog posts) gets: the client, language, texts, the wizard. */
type AdminScreenProps = {
  db: TypedSupabaseClient;
  lang: Locale;
  messages: TextsFor<TaPrefix>;
  wizardPath: string;
};

/** The page of an admins-only screen that needs no more than `AdminScreenProps`. */
export function adminScreenPage(Screen: ComponentType<AdminScreenProps>) {
  return function AdminScreenPage(props: IslandProps) {
    return (
      <TaGate page={props} needs="admin">
        {(gate) => (
          <Screen db={gate.db} lang={props.lang} messages={props.messages} wizardPath={props.wizardPath} />
        )}
      </TaGate>
    );
  };
}
