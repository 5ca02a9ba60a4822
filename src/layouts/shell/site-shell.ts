import { initUserMenu } from '~/features/auth/shell.ts';
import { initUnreadBadgeWhenSignedIn } from '~/features/messages/shell.ts';
import { initNewsletterCards } from '~/features/newsletter/shell.ts';
import { initNotificationBell } from '~/features/notifications/shell.ts';
import { initSearchField } from '~/features/search/shell.ts';
import { initHeader } from './header.ts';

/**
 * Every page's one eager script: the header (menu, language, cart badge, image fallbacks), the
 * user menu, the search field and the newsletter cards. One entry instead of four keeps them in
 * one file (each small file gzips on its own; see src/lib/build/client-chunks.ts). The shell composes
 * features, so it lives in layouts/, not components/.
 */
initHeader();
document.querySelectorAll<HTMLElement>('[data-user-menu]').forEach((root) => {
  initUserMenu(root);
  initUnreadBadgeWhenSignedIn(root);
});
initNotificationBell();
initSearchField();
initNewsletterCards();
