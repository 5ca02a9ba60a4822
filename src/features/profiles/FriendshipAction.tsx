import type { Friendship, PairStatus } from '~/features/friends/index.ts';
import type { Tr } from '~/i18n/bind.ts';

type Props = {
  status: PairStatus;
  friendship: Friendship | undefined;
  otherId: string;
  name: string;
  busy: boolean;
  profileHref: string;
  t: Tr;
  act: (
    action: 'send' | 'accept' | 'decline' | 'remove' | 'cancel',
    f: { id?: string; otherId: string },
  ) => void;
};

/** The friendship status with the one action that fits it. */
export function FriendshipAction({ status, friendship, otherId, name, busy, profileHref, t, act }: Props) {
  const f = { ...(friendship ? { id: friendship.id } : {}), otherId };
  if (status === 'self')
    return (
      <p className="flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-lilac px-3 py-1 text-sm">{t('profiles.thisIsYou')}</span>
        <a href={profileHref} className="btn-secondary">
          {t('profiles.editProfile')}
        </a>
      </p>
    );
  if (status === 'none')
    return (
      <button type="button" className="btn-primary" disabled={busy} onClick={() => act('send', f)}>
        {t('friends.add')}
      </button>
    );
  if (status === 'outgoing')
    return (
      <p className="flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-lilac px-3 py-1 text-sm">{t('friends.pending')}</span>
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => act('cancel', f)}>
          {t('friends.cancel')}
        </button>
      </p>
    );
  if (status === 'incoming')
    return (
      <p className="flex flex-wrap items-center gap-3">
        <span className="text-sm">{t('friends.wantsYou', { name })}</span>
        <button type="button" className="btn-primary" disabled={busy} onClick={() => act('accept', f)}>
          {t('friends.accept')}
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => act('decline', f)}>
          {t('friends.decline')}
        </button>
      </p>
    );
  return (
    <p className="flex flex-wrap items-center gap-3">
      <span className="rounded-full bg-lilac px-3 py-1 text-sm">{t('friends.isFriend')}</span>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => act('remove', f)}>
        {t('friends.remove')}
      </button>
    </p>
  );
}
