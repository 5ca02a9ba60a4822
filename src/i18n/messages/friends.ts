import { defineMessages } from '../define.ts';

/** Texts of the Friends feature, in all three languages side by side. */
export const friendsMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
