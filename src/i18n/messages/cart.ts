import { defineMessages } from '../define.ts';

/** Texts of the cart feature, in all three languages side by side. */
export const cartMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
