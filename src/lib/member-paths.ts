import { type Locale, localizePath } from '~/i18n/locales.ts';

/** Localized addresses of the signed-in pages, built the same way everywhere. */
export function communityPaths(lang: Locale) {
  return {
    auth: localizePath('/auth', lang),
    home: localizePath('/', lang),
    community: localizePath('/community', lang),
    moderation: localizePath('/community/moderation', lang),
    profile: localizePath('/profile', lang),
    account: localizePath('/account', lang),
    friends: localizePath('/friends', lang),
    messages: localizePath('/messages', lang),
    user: (userId: string) => localizePath(`/user/${userId}`, lang),
    messageTo: (userId: string) => localizePath(`/messages/${userId}`, lang),
    post: (postId: string) => `${localizePath('/community', lang)}#post-${postId}`,
    /** A preview's conversation on the admin's dashboard or the client's my-previews page. */
    previewThread: (previewId: string, side: 'admin' | 'client') =>
      `${localizePath(side === 'admin' ? '/timeline-alchemy/admin/dashboard' : '/timeline-alchemy/client/my-previews', lang)}#${previewThreadAnchor(previewId)}`,
  };
}

/** The fragment of a preview's thread (its section's id on the cards). */
export const previewThreadAnchor = (previewId: string): string => `thread-${previewId}`;
