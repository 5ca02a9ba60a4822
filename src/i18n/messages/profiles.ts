import { defineMessages } from '../define.ts';

/** Texts of the Profiles feature, in all three languages side by side. */
export const profilesMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
