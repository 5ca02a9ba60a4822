import { useMemo, useState } from 'react';
import { Avatar } from '~/components/app/Avatar.tsx';
import { LazyConfirmDialog, useConfirmPreload } from '~/components/app/LazyConfirmDialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages, type Tr } from '~/i18n/bind.ts';
import { formatNumber } from '~/i18n/format.ts';
import type { Locale } from '~/i18n/locales.ts';
import { useFirstContent } from '~/lib/first-content.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { Friendship } from './friends-data.ts';
import { useFriendships } from './useFriendships.ts';

type Props = { lang: Locale; messages: Record<string, string> };

/** /friends: my friends with the total, requests to me, requests I sent. */
export default function FriendsApp({ lang, messages }: Props) {
  const t = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const paths = communityPaths(lang);
  return (
    <GatedPage authPath={paths.auth} homePath={paths.home} messages={messages}>
      {({ db, user }) => <Friends db={db} me={user.id} t={t} paths={paths} lang={lang} />}
    </GatedPage>
  );
}

type FriendsProps = {
  db: TypedSupabaseClient;
  me: string;
  t: Tr;
  paths: ReturnType<typeof communityPaths>;
  lang: Locale;
};

function Friends({ db, me, t, paths, lang }: FriendsProps) {
  const { list, failed, busy, reload, act } = useFriendships(db, me, t);
  const [removing, setRemoving] = useState<Friendship | null>(null);
  const confirmArea = useConfirmPreload<HTMLDivElement>();
  useFirstContent(list !== null);
  if (failed)
    return (
      <ErrorState title={t('friends.error.load')} retryLabel={t('app.retry')} onRetry={() => void reload()} />
    );
  if (!list) return <LoadingState label={t('app.loading')} />;
  const friends = list.filter((f) => f.status === 'accepted');
  const incoming = list.filter((f) => f.status === 'pending' && f.direction === 'incoming');
  const outgoing = list.filter((f) => f.status === 'pending' && f.direction === 'outgoing');

  const person = (f: Friendship, actions: React.ReactNode) => (
    <li key={f.id} className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-ink/10">
      <Avatar name={f.otherName} url={f.otherAvatar} size={40} />
      <a
        href={paths.user(f.otherId)}
        className="min-w-0 flex-1 truncate font-medium text-night hover:underline"
      >
        {f.otherName}
      </a>
      <span className="flex gap-2">{actions}</span>
    </li>
  );

  return (
    <div className="grid gap-8 lg:grid-cols-2" ref={confirmArea}>
      <section aria-labelledby="friends-heading" className="space-y-3">
        <h2 id="friends-heading" className="text-2xl">
          {t('friends.list.heading')}{' '}
          <span className="text-base font-normal text-ink/70" data-testid="friends-total">
            ({friends.length === 1 ? t('friends.total.one') : t('friends.total', { count: friends.length })})
          </span>
        </h2>
        {friends.length === 0 ? (
          <EmptyState
            title={t('friends.empty')}
            text={t('friends.emptyText')}
            action={
              <a href={paths.community} className="btn-primary">
                {t('friends.findMembers')}
              </a>
            }
          />
        ) : (
          <ul className="space-y-2">
            {friends.map((f) =>
              person(
                f,
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-sm"
                  onClick={() => setRemoving(f)}
                >
                  {t('friends.remove')}
                </button>,
              ),
            )}
          </ul>
        )}
      </section>
      <div className="space-y-8">
        <section aria-labelledby="incoming-heading" className="space-y-3">
          <h2 id="incoming-heading" className="text-2xl">
            {t('friends.incoming.heading')} ({formatNumber(incoming.length, lang)})
          </h2>
          {incoming.length === 0 ? (
            <p className="text-ink/70">{t('friends.incoming.empty')}</p>
          ) : (
            <ul className="space-y-2">
              {incoming.map((f) =>
                person(
                  f,
                  <>
                    <button
                      type="button"
                      className="btn-primary px-3 py-1.5 text-sm"
                      disabled={busy === f.otherId}
                      onClick={() => void act('accept', f)}
                    >
                      {t('friends.accept')}
                    </button>
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5 text-sm"
                      disabled={busy === f.otherId}
                      onClick={() => void act('decline', f)}
                    >
                      {t('friends.decline')}
                    </button>
                  </>,
                ),
              )}
            </ul>
          )}
        </section>
        <section aria-labelledby="outgoing-heading" className="space-y-3">
          <h2 id="outgoing-heading" className="text-2xl">
            {t('friends.outgoing.heading')} ({formatNumber(outgoing.length, lang)})
          </h2>
          {outgoing.length === 0 ? (
            <p className="text-ink/70">{t('friends.outgoing.empty')}</p>
          ) : (
            <ul className="space-y-2">
              {outgoing.map((f) =>
                person(
                  f,
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1.5 text-sm"
                    disabled={busy === f.otherId}
                    onClick={() => void act('cancel', f)}
                  >
                    {t('friends.cancel')}
                  </button>,
                ),
              )}
            </ul>
          )}
        </section>
      </div>
      <LazyConfirmDialog
        open={removing !== null}
        title={t('friends.removeConfirm', { name: removing?.otherName ?? '' })}
        confirmLabel={t('friends.remove')}
        cancelLabel={t('app.cancel')}
        busy={busy !== null}
        onConfirm={() => {
          if (removing) void act('remove', removing).then((ok) => ok && setRemoving(null));
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
