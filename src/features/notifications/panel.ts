import { fetchClientTexts } from '~/i18n/client-texts.ts';
import { documentLocale, localizePath } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { markRead, readPage } from './api.ts';
import { describeNotification, type NotificationTextKey } from './model.ts';

const PANEL_SIZE = 6;

/**
 * The bell's panel on pages that hold a data client (signed-in pages): the newest few, unread
 * marked, each a link to its place; "mark all as read" and the way to the full page. Loaded on the
 * first click; content pages never load it (their bell is a plain link to /notifications).
 */
export async function openPanel(
  bell: HTMLElement,
  panel: HTMLElement,
  db: TypedSupabaseClient,
  me: string,
  onMarked: () => void,
): Promise<void> {
  const lang = documentLocale();
  const [t, page] = await Promise.all([
    fetchClientTexts<NotificationTextKey>(bell.dataset.textsUrl, lang),
    readPage(db, me, PANEL_SIZE).catch(() => null),
  ]);
  const text = (key: NotificationTextKey) => (t ? t(key) : key);
  panel.replaceChildren();
  const heading = document.createElement('p');
  heading.className = 'px-3 pb-2 pt-1 font-semibold text-night';
  heading.textContent = text('notifications.title');
  panel.append(heading);
  if (!page || !t) {
    const failed = document.createElement('p');
    failed.className = 'px-3 py-2 text-sm';
    failed.setAttribute('role', 'alert');
    failed.textContent = text('notifications.error.load');
    panel.append(failed);
  } else if (page.rows.length === 0) {
    const empty = document.createElement('p');
    empty.className = 'px-3 py-2 text-sm text-ink/70';
    empty.textContent = text('notifications.empty');
    panel.append(empty);
  } else {
    const list = document.createElement('ul');
    list.className = 'max-h-96 overflow-y-auto';
    for (const row of page.rows) {
      const shown = describeNotification(row, t, lang);
      const item = document.createElement('li');
      const target = document.createElement(shown.href ? 'a' : 'p');
      if (shown.href) target.setAttribute('href', shown.href);
      target.className = `block rounded-lg px-3 py-2 text-sm hover:bg-lilac ${shown.unread ? 'font-semibold text-night' : 'text-ink/80'}`;
      if (shown.unread) {
        item.dataset['unread'] = 'true';
        const mark = document.createElement('span');
        mark.className = 'sr-only';
        mark.textContent = `${text('notifications.unread')}: `;
        target.append(mark);
        // Marked read before leaving, so the request is not cut off by the navigation.
        target.addEventListener('click', (event) => {
          if (!shown.href || (event as MouseEvent).metaKey || (event as MouseEvent).ctrlKey) return;
          event.preventDefault();
          void markRead(db, [row.id]).finally(() => location.assign(shown.href as string));
        });
      }
      target.append(shown.text);
      item.append(target);
      list.append(item);
    }
    panel.append(list);
  }
  const actions = document.createElement('div');
  actions.className = 'mt-1 flex items-center justify-between gap-2 border-t border-ink/10 px-3 pt-2 text-sm';
  const all = document.createElement('a');
  all.href = localizePath('/notifications', lang);
  all.className = 'text-violet hover:underline';
  all.textContent = text('notifications.title');
  const markAll = document.createElement('button');
  markAll.type = 'button';
  markAll.className = 'rounded-full px-2 py-1 text-violet hover:bg-lilac';
  markAll.textContent = text('notifications.markAll');
  markAll.addEventListener('click', () => {
    void markRead(db).then((ok) => {
      if (!ok) return;
      for (const item of panel.querySelectorAll<HTMLElement>('[data-unread]')) {
        delete item.dataset['unread'];
        item.querySelector('.sr-only')?.remove();
        item.firstElementChild?.classList.remove('font-semibold');
      }
      onMarked();
    });
  });
  actions.append(all, markAll);
  panel.append(actions);
}
