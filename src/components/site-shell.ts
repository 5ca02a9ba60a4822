import { initUserMenu } from '~/features/auth/user-menu.ts';
import { initNewsletterCards } from '~/features/newsletter/card-loader.ts';
import { initSearchField } from '~/features/search/field.ts';
import { initHeader } from './header.ts';

/**
 * Every page's one eager script: the header (menu, language, cart badge, image fallbacks), the
 * user menu, the search field and the newsletter cards. One entry instead of four keeps them in
 * one file (each small file gzips on its own; see src/lib/build/client-chunks.ts).
 */
initHeader();
document.querySelectorAll<HTMLElement>('[data-user-menu]').forEach(initUserMenu);
initSearchField();
initNewsletterCards();
