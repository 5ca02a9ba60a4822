import { authMessages } from '../messages/auth.ts';
import { blogMessages } from '../messages/blog.ts';
import { cartMessages } from '../messages/cart.ts';
import { errorMessages } from '../messages/errors.ts';
import { homeMessages } from '../messages/home.ts';
import { policiesMessages } from '../messages/policies.ts';
import { shopMessages } from '../messages/shop.ts';
import { de as coreDe } from './de.ts';
import { en as coreEn } from './en.ts';
import { nl as coreNl } from './nl.ts';

/*
 * One dictionary per language: the core messages (layout, static pages) plus each feature's
 * messages from ../messages/<feature>.ts (declared with defineMessages, all three languages side
 * by side). To add a feature, add it to `features`; `npm run i18n:check` fails on a key defined
 * twice or missing anywhere.
 */
export const features = {
  shop: shopMessages,
  cart: cartMessages,
  auth: authMessages,
  blog: blogMessages,
  policies: policiesMessages,
  home: homeMessages,
  errors: errorMessages,
} as const;

export const en = {
  ...coreEn,
  ...features.shop.en,
  ...features.cart.en,
  ...features.auth.en,
  ...features.blog.en,
  ...features.policies.en,
  ...features.home.en,
  ...features.errors.en,
};
export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

export const nl: Messages = {
  ...coreNl,
  ...features.shop.nl,
  ...features.cart.nl,
  ...features.auth.nl,
  ...features.blog.nl,
  ...features.policies.nl,
  ...features.home.nl,
  ...features.errors.nl,
};
export const de: Messages = {
  ...coreDe,
  ...features.shop.de,
  ...features.cart.de,
  ...features.auth.de,
  ...features.blog.de,
  ...features.policies.de,
  ...features.home.de,
  ...features.errors.de,
};

/** Every module that contributes keys, for the duplicate and completeness checks. */
export const sources: Record<string, { en: object; nl: object; de: object }> = {
  core: { en: coreEn, nl: coreNl, de: coreDe },
  ...features,
};
