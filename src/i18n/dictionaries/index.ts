import { accountMessages } from '../messages/account.ts';
import { accountMailMessages } from '../messages/account-mail.ts';
import { adminMessages } from '../messages/admin.ts';
import { appMessages } from '../messages/app.ts';
import { authMessages } from '../messages/auth.ts';
import { blogMessages } from '../messages/blog.ts';
import { cartMessages } from '../messages/cart.ts';
import { communityMessages } from '../messages/community.ts';
import { errorMessages } from '../messages/errors.ts';
import { friendsMessages } from '../messages/friends.ts';
import { homeMessages } from '../messages/home.ts';
import { messagesMessages } from '../messages/messages.ts';
import { moderationMessages } from '../messages/moderation.ts';
import { newsletterMessages } from '../messages/newsletter.ts';
import { notificationMailMessages } from '../messages/notification-mail.ts';
import { notificationsMessages } from '../messages/notifications.ts';
import { policiesMessages } from '../messages/policies.ts';
import { privacyMessages } from '../messages/privacy.ts';
import { profilesMessages } from '../messages/profiles.ts';
import { searchMessages } from '../messages/search.ts';
import { shopMessages } from '../messages/shop.ts';
import { timelineAlchemyMessages } from '../messages/timeline-alchemy.ts';
import { timelineAlchemyAdminMessages } from '../messages/timeline-alchemy-admin.ts';
import { timelineAlchemyCalendarMessages } from '../messages/timeline-alchemy-calendar.ts';
import { timelineAlchemyClientMessages } from '../messages/timeline-alchemy-client.ts';
import { timelineAlchemyConversationMessages } from '../messages/timeline-alchemy-conversation.ts';
import { timelineAlchemyPublishingMessages } from '../messages/timeline-alchemy-publishing.ts';
import { de as coreDe } from './de.ts';
import { en as coreEn } from './en.ts';
import { nl as coreNl } from './nl.ts';

/*
 * One dictionary per language: the core messages (layout, static pages) plus each feature's
 * messages from ../messages/<feature>.ts (declared with defineMessages, all three languages side
 * by side). To add a feature, add it to `features`; `npm run i18n:check` fails on a key defined
 * twice or missing anywhere.
 */
const features = {
  shop: shopMessages,
  search: searchMessages,
  cart: cartMessages,
  auth: authMessages,
  blog: blogMessages,
  policies: policiesMessages,
  home: homeMessages,
  errors: errorMessages,
  app: appMessages,
  community: communityMessages,
  profiles: profilesMessages,
  friends: friendsMessages,
  moderation: moderationMessages,
  admin: adminMessages,
  messages: messagesMessages,
  newsletter: newsletterMessages,
  notifications: notificationsMessages,
  notificationMail: notificationMailMessages,
  timelineAlchemy: timelineAlchemyMessages,
  timelineAlchemyAdmin: timelineAlchemyAdminMessages,
  timelineAlchemyClient: timelineAlchemyClientMessages,
  timelineAlchemyCalendar: timelineAlchemyCalendarMessages,
  timelineAlchemyPublishing: timelineAlchemyPublishingMessages,
  timelineAlchemyConversation: timelineAlchemyConversationMessages,
  privacy: privacyMessages,
  account: accountMessages,
  accountMail: accountMailMessages,
} as const;

type Features = typeof features;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type FeatureKeys = keyof UnionToIntersection<Features[keyof Features]['en']>;

function merge(core: object, lang: 'en' | 'nl' | 'de'): object {
  return Object.assign({}, core, ...Object.values(features).map((f) => f[lang]));
}

export type MessageKey = keyof typeof coreEn | FeatureKeys;
export type Messages = Record<MessageKey, string>;

export const en = merge(coreEn, 'en') as Messages;
export const nl = merge(coreNl, 'nl') as Messages;
export const de = merge(coreDe, 'de') as Messages;

/** Every module that contributes keys, for the duplicate and completeness checks. */
export const sources: Record<string, { en: object; nl: object; de: object }> = {
  core: { en: coreEn, nl: coreNl, de: coreDe },
  ...features,
};
