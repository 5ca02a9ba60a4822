import { useMemo } from 'react';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages } from '~/i18n/bind.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import { Feed } from './Feed.tsx';
import { MemberDirectory } from './MemberDirectory.tsx';

type Props = { lang: Locale; messages: Record<string, string> };

/** /community: the gate, then the feed beside the member directory. */
export default function CommunityApp({ lang, messages }: Props) {
  const t = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const paths = communityPaths(lang);
  return (
    <GatedPage authPath={paths.auth} homePath={paths.home} messages={messages}>
      {({ db, user, profile }) => (
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Feed
            db={db}
            me={user.id}
            isAdmin={profile.role === 'admin'}
            intlLocale={intlLocale[lang]}
            profileHref={paths.user}
            t={t}
          />
          <aside className="space-y-6">
            {profile.role === 'admin' ? (
              <a href={paths.moderation} className="btn-secondary w-full">
                {t('moderation.title')}
              </a>
            ) : null}
            <MemberDirectory
              db={db}
              exclude={[user.id]}
              first={8}
              showMore
              search
              heading={t('community.members.heading')}
              profileHref={paths.user}
              t={t}
            />
          </aside>
        </div>
      )}
    </GatedPage>
  );
}
