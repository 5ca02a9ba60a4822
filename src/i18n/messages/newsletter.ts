import { defineMessages } from '../define.ts';

/** Texts of the Newsletter feature, in all three languages side by side. */
export const newsletterMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
