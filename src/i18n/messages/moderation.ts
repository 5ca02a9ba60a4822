import { defineMessages } from '../define.ts';

/** Texts of the Moderation feature, in all three languages side by side. */
export const moderationMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
