import { useEffect, useMemo, useState } from 'react';
import { ErrorState, LoadingState } from '~/components/app/States.tsx';
import { GatedPage } from '~/features/auth/islands.ts';
import { MemberDirectory } from '~/features/community/islands.ts';
import { MessagePrivacySetting } from '~/features/messages/islands.ts';
import { bindMessages, type Tr } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import { useFirstContent } from '~/lib/first-content.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { AvatarUploader } from './AvatarUploader.tsx';
import { BlockedList } from './BlockedList.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { fetchProfile, type Profile } from './profile-data.ts';

type Props = { lang: Locale; messages: Record<string, string> };

/** /profile: edit my picture, name, bio and links; my blocks; members; quick actions. */
export default function ProfileApp({ lang, messages }: Props) {
  const t = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const paths = communityPaths(lang);
  return (
    <GatedPage authPath={paths.auth} homePath={paths.home} messages={messages}>
      {({ db, user }) => <OwnProfile db={db} me={user.id} t={t} paths={paths} />}
    </GatedPage>
  );
}

type OwnProps = { db: TypedSupabaseClient; me: string; t: Tr; paths: ReturnType<typeof communityPaths> };

function OwnProfile({ db, me, t, paths }: OwnProps) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useFirstContent(profile !== null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try Again
  useEffect(() => {
    setFailed(false);
    fetchProfile(db, me)
      .then((p) => (p ? setProfile(p) : setFailed(true)))
      .catch(() => setFailed(true));
  }, [db, me, attempt]);

  if (failed)
    return (
      <ErrorState
        title={t('profiles.loadError')}
        retryLabel={t('app.retry')}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  if (!profile) return <LoadingState label={t('app.loading')} />;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-6">
        <AvatarUploader
          db={db}
          me={me}
          name={profile.displayName}
          url={profile.avatarUrl}
          t={t}
          onUploaded={(url) => setProfile((p) => (p ? { ...p, avatarUrl: url } : p))}
        />
        <ProfileForm db={db} profile={profile} t={t} onSaved={setProfile} />
        <MessagePrivacySetting db={db} me={me} tr={t} />
        <BlockedList db={db} me={me} t={t} />
      </div>
      <aside className="space-y-6">
        <nav
          aria-labelledby="quick-heading"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10"
        >
          <h2 id="quick-heading" className="text-2xl">
            {t('profiles.quick.heading')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={paths.messages} className="btn-primary w-full">
                {t('profiles.quick.messages')}
              </a>
            </li>
            <li>
              <a href={paths.community} className="btn-secondary w-full">
                {t('profiles.quick.community')}
              </a>
            </li>
            <li>
              <a href={paths.friends} className="btn-secondary w-full">
                {t('profiles.quick.friends')}
              </a>
            </li>
            <li>
              <a href={paths.account} className="btn-secondary w-full">
                {t('account.link')}
              </a>
            </li>
          </ul>
        </nav>
        <MemberDirectory
          db={db}
          exclude={[me]}
          first={10}
          heading={t('profiles.members.heading')}
          profileHref={paths.user}
          t={t}
        />
      </aside>
    </div>
  );
}
