import { defineMessages } from '../define.ts';

/** Texts of the Community feature, in all three languages side by side. */
export const communityMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
