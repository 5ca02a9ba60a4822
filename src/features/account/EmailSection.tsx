import type { User } from '@supabase/supabase-js';
import { useId, useState } from 'react';
import { Field } from '~/components/app/FormParts.tsx';
import { useFormAction } from '~/components/app/form-action.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { requestEmailChange } from './email-change.ts';
import { CARD, errorsModule, Feedback } from './ui.tsx';

type Props = { db: TypedSupabaseClient; user: User; t: Tr; lang: Locale };

/**
 * Change e-mail through the site's endpoint (POST /api/account/email, email-change-handler.ts),
 * not GoTrue's `updateUser({ email })`, whose 422 email_exists would tell whether an address has
 * an account: the endpoint answers the same for every address, so the page says the same too.
 * Until both links are confirmed the current address stays in use; the requested one is shown
 * beside it as pending (after a reload: user.new_email, GoTrue's secure e-mail change).
 */
export function EmailSection({ db, user, t, lang }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(user.new_email ?? null);
  const { busy, error, notice, submit } = useFormAction(t('error.network_error'));

  const change = submit(
    async () => {
      const { errorText } = await errorsModule();
      const code = await requestEmailChange(db, email.trim(), lang);
      if (code) return { error: `${t('account.failed')}: ${errorText(t, { code })}` };
      setPending(email.trim().toLowerCase());
      setEmail('');
      return { notice: t('account.email.sent') };
    },
    () => {
      const address = email.trim();
      if (!address) return t('account.email.required');
      if (address.toLowerCase() === user.email?.toLowerCase()) return t('account.email.same');
      return null;
    },
  );

  return (
    <section aria-labelledby={`${id}-h`} className={CARD}>
      <h2 id={`${id}-h`} className="text-2xl">
        {t('account.email.heading')}
      </h2>
      <dl className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('account.email.current')}</dt>
        <dd className="break-all" data-current-email>
          {user.email}
        </dd>
        {pending && (
          <>
            <dt className="font-medium">{t('account.email.pending')}</dt>
            <dd className="break-all" data-pending-email>
              {pending}
              <span className="mt-1 block text-sm text-ink/75">{t('account.email.pendingHint')}</span>
            </dd>
          </>
        )}
      </dl>
      <form onSubmit={change} noValidate className="mt-4 space-y-4">
        <Field
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          label={t('account.email.new')}
          value={email}
          onChange={setEmail}
        />
        <Feedback error={error} notice={notice} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t('account.saving') : t('account.email.submit')}
        </button>
      </form>
    </section>
  );
}
