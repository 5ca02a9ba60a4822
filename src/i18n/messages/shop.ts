import { defineMessages } from '../define.ts';

/** Texts of the shop feature, in all three languages side by side. */
export const shopMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
