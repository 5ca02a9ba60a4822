import { type Locale, localizePath } from '~/i18n/locales.ts';

/** The message groups every Timeline Alchemy island receives from its page. */
export const taGroups = ['app.', 'ta.', 'taw.', 'tab.', 'tai.', 'error.'] as const;

/** What every Timeline Alchemy island receives from its page besides its texts: language and paths. */
export function taPaths(lang: Locale) {
  return {
    lang,
    authPath: localizePath('/auth', lang),
    homePath: localizePath('/timeline-alchemy', lang),
    dashboardPath: localizePath('/timeline-alchemy/admin/dashboard', lang),
    wizardPath: localizePath('/timeline-alchemy/admin/preview-wizard', lang),
  };
}
export type IslandProps = ReturnType<typeof taPaths> & { messages: Record<string, string> };
