import { useMemo } from 'react';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages } from '~/i18n/bind.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import { NotFound, UserProfile } from './UserProfile.tsx';

type Props = { lang: Locale; userId: string; messages: Record<string, string> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /user/{userId}: the gate, then the profile (or "Profile not found" for a malformed id). */
export default function UserApp({ lang, userId, messages }: Props) {
  const t = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const paths = communityPaths(lang);
  return (
    <GatedPage authPath={paths.auth} homePath={paths.home} messages={messages}>
      {({ db, user }) =>
        UUID.test(userId) ? (
          <UserProfile
            db={db}
            me={user.id}
            userId={userId.toLowerCase()}
            intlLocale={intlLocale[lang]}
            t={t}
            paths={paths}
          />
        ) : (
          <NotFound t={t} href={paths.community} />
        )
      }
    </GatedPage>
  );
}
