import { useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages, type KeysWithPrefix, type Lookup } from '~/i18n/bind.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { intlLocale, type Locale } from '~/i18n/locales.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { describeNotification, type NotificationTextKey } from './model.ts';
import { useNotifications } from './useNotifications.ts';

type Props = { lang: Locale; messages: Record<string, string> };
type PageKey = KeysWithPrefix<'notifications.' | 'app.'>;

/** /notifications: newest first, grouped, unread marked, each linking to its place; mark one or all read. */
export default function NotificationsApp({ lang, messages }: Props) {
  const t = useMemo(() => bindMessages(messages, lang) as Lookup<PageKey>, [messages, lang]);
  const texts = useMemo(() => bindMessages(messages, lang) as Lookup<NotificationTextKey>, [messages, lang]);
  const paths = communityPaths(lang);
  return (
    <GatedPage authPath={paths.auth} homePath={paths.home} messages={messages}>
      {({ db, user }) => <NotificationList db={db} me={user.id} t={t} texts={texts} lang={lang} />}
    </GatedPage>
  );
}

type ListProps = {
  db: TypedSupabaseClient;
  me: string;
  t: Lookup<PageKey>;
  texts: Lookup<NotificationTextKey>;
  lang: Locale;
};

function NotificationList({ db, me, t, texts, lang }: ListProps) {
  const { rows, more, failed, busy, loadMore, markRead, retry } = useNotifications(db, me);
  const [status, setStatus] = useState('');
  const when = useMemo(
    () => dateTimeFormat(intlLocale[lang], { dateStyle: 'medium', timeStyle: 'short' }),
    [lang],
  );
  if (failed && !rows)
    return <ErrorState title={t('notifications.error.load')} retryLabel={t('app.retry')} onRetry={retry} />;
  if (!rows) return <LoadingState label={t('app.loading')} />;
  const shown = rows.map((row) => describeNotification(row, texts, lang));
  const anyUnread = shown.some((n) => n.unread);

  const open = async (id: string, href: string) => {
    await markRead([id]);
    location.assign(href);
  };

  return (
    <section aria-label={t('notifications.title')} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-ink/70">
          {status}
        </p>
        <button
          type="button"
          className="btn-secondary px-3 py-1.5 text-sm"
          disabled={!anyUnread}
          onClick={() =>
            void markRead().then((ok) =>
              setStatus(t(ok ? 'notifications.allRead' : 'notifications.error.mark')),
            )
          }
        >
          {t('notifications.markAll')}
        </button>
      </div>
      {shown.length === 0 ? (
        <EmptyState title={t('notifications.empty')} text={t('notifications.emptyText')} />
      ) : (
        <ul className="space-y-2" data-testid="notification-list">
          {shown.map((n) => (
            <li
              key={n.id}
              data-unread={n.unread ? 'true' : undefined}
              className={`flex items-start gap-3 rounded-xl p-3 ring-1 ring-ink/10 ${n.unread ? 'bg-lilac/60' : 'bg-white'}`}
            >
              <span
                aria-hidden="true"
                className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${n.unread ? 'bg-violet' : 'bg-transparent'}`}
              />
              <div className="min-w-0 flex-1">
                {n.unread ? <span className="sr-only">{t('notifications.unread')}: </span> : null}
                {n.href ? (
                  <a
                    href={n.href}
                    className={`text-night hover:underline ${n.unread ? 'font-semibold' : ''}`}
                    onClick={(event) => {
                      if (!n.unread || event.metaKey || event.ctrlKey) return;
                      event.preventDefault();
                      void open(n.id, n.href as string);
                    }}
                  >
                    {n.text}
                  </a>
                ) : (
                  <span className={n.unread ? 'font-semibold' : ''}>{n.text}</span>
                )}
                <p className="mt-1 text-xs text-ink/60">
                  <time dateTime={n.at}>{when.format(new Date(n.at))}</time>
                </p>
              </div>
              {n.unread ? (
                <button
                  type="button"
                  className="shrink-0 rounded-full px-2 py-1 text-xs text-violet hover:bg-lilac"
                  onClick={() =>
                    void markRead([n.id]).then((ok) => ok || setStatus(t('notifications.error.mark')))
                  }
                >
                  {t('notifications.markRead')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {more ? (
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => void loadMore()}>
          {t('notifications.more')}
        </button>
      ) : null}
    </section>
  );
}
