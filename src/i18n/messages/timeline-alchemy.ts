import { defineMessages } from '../define.ts';

/** Texts of the Timeline Alchemy feature, in all three languages side by side. */
export const timelineAlchemyMessages = defineMessages({
  en: {},
  nl: {},
  de: {},
});
