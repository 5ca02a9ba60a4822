import { defineMessages } from '../define.ts';

/** Texts of the auth feature, in all three languages side by side. */
export const authMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
