import { type Locale, localizePath } from '~/i18n/locales.ts';
import { messagesWithPrefix } from '~/i18n/t.ts';

/** What every Timeline Alchemy island receives from its page: language, texts and paths. */
export function islandProps(lang: Locale) {
  return {
    lang,
    messages: {
      ...messagesWithPrefix(lang, 'app.'),
      ...messagesWithPrefix(lang, 'ta.'),
      ...messagesWithPrefix(lang, 'taw.'),
      ...messagesWithPrefix(lang, 'tab.'),
      ...messagesWithPrefix(lang, 'tai.'),
      ...messagesWithPrefix(lang, 'error.'),
    },
    authPath: localizePath('/auth', lang),
    homePath: localizePath('/timeline-alchemy', lang),
    dashboardPath: localizePath('/timeline-alchemy/admin/dashboard', lang),
    wizardPath: localizePath('/timeline-alchemy/admin/preview-wizard', lang),
  };
}
export type IslandProps = ReturnType<typeof islandProps>;
