import type { User } from '@supabase/supabase-js';
import { useMemo } from 'react';
import { GatedPage } from '~/features/auth/islands.ts';
import { bindMessages, type Tr } from '~/i18n/bind.ts';
import { type Locale, localizePath } from '~/i18n/locales.ts';
import { communityPaths } from '~/lib/member-paths.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { EmailSection } from './EmailSection.tsx';
import { MailLanguageSection } from './MailLanguageSection.tsx';
import { NotificationSection } from './NotificationSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { CARD } from './ui.tsx';

type Props = { lang: Locale; messages: Record<string, string> };

/** /account: password, e-mail address, sessions, mail language and the way to one's data. */
export default function AccountApp({ lang, messages }: Props) {
  const t = useMemo(() => bindMessages(messages, lang), [messages, lang]);
  const paths = communityPaths(lang);
  return (
    <GatedPage authPath={paths.auth} homePath={paths.home} messages={messages}>
      {({ db, user }) => <Account db={db} initialUser={user} t={t} lang={lang} />}
    </GatedPage>
  );
}

type AccountProps = { db: TypedSupabaseClient; initialUser: User; t: Tr; lang: Locale };

function Account({ db, initialUser: user, t, lang }: AccountProps) {
  return (
    <div className="space-y-6">
      <PasswordSection db={db} email={user.email ?? ''} t={t} />
      <EmailSection db={db} user={user} t={t} lang={lang} />
      <MailLanguageSection db={db} me={user.id} lang={lang} t={t} />
      <NotificationSection db={db} lang={lang} t={t} />
      <SessionsSection db={db} t={t} homePath={localizePath('/', lang)} />
      <section aria-labelledby="account-data" className={CARD}>
        <h2 id="account-data" className="text-2xl">
          {t('account.data.heading')}
        </h2>
        <p className="mt-2 text-ink/80">{t('account.data.lead')}</p>
        <a href={localizePath('/account/data', lang)} className="btn-secondary mt-4">
          {t('account.data.link')}
        </a>
      </section>
    </div>
  );
}
