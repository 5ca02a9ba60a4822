import { defineMessages } from '../define.ts';

/** Texts of the Direct messages feature, in all three languages side by side. */
export const messagesMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
