import { useEffect, useMemo, useState } from 'react';
import { Avatar } from '~/components/app/Avatar.tsx';
import { LazyConfirmDialog, useConfirmPreload } from '~/components/app/LazyConfirmDialog.tsx';
import { LinkifiedText } from '~/components/app/LinkifiedText.tsx';
import { ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showFailure } from '~/components/toast.ts';
import { type FeedPost, fetchFirstPage } from '~/features/community/index.ts';
import { MemberDirectory } from '~/features/community/islands.ts';
import { pairStatus } from '~/features/friends/index.ts';
import { useFriendships } from '~/features/friends/islands.ts';
import { ReportButton } from '~/features/moderation/islands.ts';
import type { Tr } from '~/i18n/bind.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { useFirstContent } from '~/lib/first-content.ts';
import type { communityPaths } from '~/lib/member-paths.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { FriendshipAction } from './FriendshipAction.tsx';
import { fetchProfile, type Profile, postCount, setBlocked } from './profile-data.ts';
import { SocialLinksList } from './SocialLinksList.tsx';

type Props = {
  db: TypedSupabaseClient;
  me: string;
  userId: string;
  intlLocale: string;
  t: Tr;
  paths: ReturnType<typeof communityPaths>;
};
/** Their posts and count follow the profile (null until they are here). */
type Loaded = { profile: Profile; posts: FeedPost[] | null; count: number | null };
type Confirm = 'remove' | 'block' | null;

/** /user/{id}: someone's public profile, friendship, their posts and other members. */
export function UserProfile({ db, me, userId, intlLocale, t, paths }: Props) {
  const [state, setState] = useState<Loaded | 'loading' | 'missing' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [blocked, setBlockedName] = useState<string | null>(null);
  const confirmArea = useConfirmPreload<HTMLDivElement>();
  const friends = useFriendships(db, me, t);
  const date = useMemo(() => dateTimeFormat(intlLocale, { dateStyle: 'long' }), [intlLocale]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try Again
  useEffect(() => {
    let cancelled = false;
    setState('loading');
    const failed = () => !cancelled && setState('error');
    // All three at once (the page started them early); the profile shows as soon as it is here,
    // their posts and count as they come. Their posts carry their name, which is the profile's, so
    // no other name is needed for a missing one.
    const posts = fetchFirstPage(db, me, '', userId);
    const count = postCount(db, userId);
    const add = (part: Partial<Loaded>) =>
      !cancelled && setState((s) => (typeof s === 'object' ? { ...s, ...part } : s));
    fetchProfile(db, userId)
      .then((profile) => {
        if (cancelled) return;
        setState(profile ? { profile, posts: null, count: null } : 'missing');
        if (!profile) return;
        posts.then((list) => add({ posts: list }), failed);
        count.then((n) => add({ count: n }), failed);
      })
      .catch(failed);
    posts.catch(() => undefined);
    count.catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [db, me, userId, attempt]);

  useFirstContent(typeof state === 'object');

  if (blocked)
    return (
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-ink/10" role="status">
        <p>{t('profiles.block.done', { name: blocked })}</p>
        <a href={paths.profile} className="btn-secondary mt-4">
          {t('profiles.blocked.heading')}
        </a>
      </div>
    );
  if (state === 'loading') return <LoadingState label={t('app.loading')} />;
  if (state === 'error')
    return (
      <ErrorState
        title={t('profiles.loadError')}
        retryLabel={t('app.retry')}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  if (state === 'missing') return <NotFound t={t} href={paths.community} />;

  const { profile, posts, count } = state;
  const name = profile.displayName || t('community.unknownUser');
  const list = friends.list ?? [];
  const status = pairStatus(me, userId, list);
  const friendship = list.find((f) => f.otherId === userId);

  const doConfirm = async () => {
    if (confirm === 'remove') {
      if (await friends.act('remove', { otherId: userId })) setConfirm(null);
      return;
    }
    try {
      await setBlocked(db, me, userId, true);
      setConfirm(null);
      setBlockedName(name);
    } catch (error) {
      void showFailure(t('profiles.blocked.error'), t, error);
    }
  };

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]" ref={confirmArea}>
      <div className="space-y-6">
        <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10">
          <div className="flex flex-wrap items-center gap-5">
            <Avatar name={name} url={profile.avatarUrl} size={96} />
            <div className="min-w-0 flex-1">
              <h1 className="wrap-anywhere text-4xl">{name}</h1>
              <p className="mt-1 text-ink/70">
                {t('profiles.memberSince', { date: date.format(new Date(profile.createdAt)) })}
                {count === null
                  ? null
                  : ` · ${count === 1 ? t('profiles.postCount.one') : t('profiles.postCount', { count })}`}
              </p>
            </div>
          </div>
          {profile.bio ? <LinkifiedText text={profile.bio} className="mt-4" /> : null}
          <div className="mt-4">
            <SocialLinksList links={profile.socialLinks} name={name} t={t} />
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            {status === 'self' || (profile.friendsOnly && !friends.list) ? null : profile.friendsOnly &&
              status !== 'friends' ? (
              <p className="text-sm text-ink/80" data-testid="friends-only">
                {t('profiles.message.friendsOnly')}
              </p>
            ) : (
              <a href={paths.messageTo(userId)} className="btn-primary">
                {t('profiles.message')}
              </a>
            )}
            {friends.list ? (
              <FriendshipAction
                status={status}
                friendship={friendship}
                otherId={userId}
                name={name}
                busy={friends.busy === userId}
                profileHref={paths.profile}
                t={t}
                act={(action, f) =>
                  action === 'remove' ? setConfirm('remove') : void friends.act(action, f)
                }
              />
            ) : null}
          </div>
          {status !== 'self' ? (
            <p className="mt-4 flex gap-4 text-sm">
              <button type="button" className="text-red-800 underline" onClick={() => setConfirm('block')}>
                {t('profiles.block')}
              </button>
              <ReportButton db={db} me={me} target={{ kind: 'member', id: userId }} label={name} t={t} />
            </p>
          ) : null}
        </section>
        <section aria-labelledby="user-posts-heading" className="space-y-3">
          <h2 id="user-posts-heading" className="text-2xl">
            {t('profiles.posts.heading')}
          </h2>
          {posts === null ? (
            <LoadingState label={t('app.loading')} />
          ) : posts.length === 0 ? (
            <p className="text-ink/70">{t('profiles.posts.empty')}</p>
          ) : (
            <ul className="space-y-3">
              {posts.map((p) => (
                <li key={p.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10">
                  <h3 className="text-xl">{p.title}</h3>
                  <p className="text-sm text-ink/70">
                    <time dateTime={p.createdAt}>{date.format(new Date(p.createdAt))}</time>
                  </p>
                  <LinkifiedText text={p.content} className="mt-2 line-clamp-4" />
                  <p className="mt-2 flex flex-wrap gap-4 text-sm">
                    <span>
                      {p.likeCount === 1
                        ? t('community.like.count.one')
                        : t('community.like.count', { count: p.likeCount })}
                    </span>
                    <span>
                      {p.commentCount === 1
                        ? t('community.comments.count.one')
                        : t('community.comments.count', { count: p.commentCount })}
                    </span>
                    <a href={paths.post(p.id)} className="text-violet underline">
                      {t('profiles.posts.open')}
                    </a>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <aside>
        <MemberDirectory
          db={db}
          exclude={[me, userId]}
          first={8}
          heading={t('profiles.otherMembers')}
          profileHref={paths.user}
          t={t}
        />
      </aside>
      <LazyConfirmDialog
        open={confirm !== null}
        title={
          confirm === 'block' ? t('profiles.block.confirm', { name }) : t('friends.removeConfirm', { name })
        }
        confirmLabel={confirm === 'block' ? t('profiles.block') : t('friends.remove')}
        cancelLabel={t('app.cancel')}
        busy={friends.busy !== null}
        onConfirm={() => void doConfirm()}
        onCancel={() => setConfirm(null)}
      >
        {confirm === 'block' ? t('profiles.block.text') : null}
      </LazyConfirmDialog>
    </div>
  );
}

export function NotFound({ t, href }: { t: Tr; href: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-ink/10">
      <h1 className="text-3xl">{t('profiles.notFound')}</h1>
      <p className="mt-2 text-ink/80">{t('profiles.notFound.text')}</p>
      <a href={href} className="btn-primary mt-6">
        {t('profiles.backToCommunity')}
      </a>
    </div>
  );
}
