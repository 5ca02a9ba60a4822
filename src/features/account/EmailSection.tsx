import type { User } from '@supabase/supabase-js';
import { useId, useState } from 'react';
import { Field } from '~/components/app/FormParts.tsx';
import { useFormAction } from '~/components/app/form-action.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { CARD, errorsModule, Feedback } from './ui.tsx';

type Props = { db: TypedSupabaseClient; user: User; t: Tr; onChanged: (user: User) => void };

/**
 * Change e-mail: updateUser({ email }) mails a link to both addresses (GoTrue's secure e-mail
 * change); until both are confirmed the current address stays in use, and the pending one
 * (user.new_email) is shown beside it.
 */
export function EmailSection({ db, user, t, onChanged }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const { busy, error, notice, submit } = useFormAction(t('error.network_error'));

  const change = submit(
    async () => {
      const { errorText } = await errorsModule();
      const { data, error: failure } = await db.auth.updateUser(
        { email: email.trim() },
        { emailRedirectTo: location.href },
      );
      if (failure) return { error: `${t('account.failed')}: ${errorText(t, failure)}` };
      if (data.user) onChanged(data.user);
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
        {user.new_email && (
          <>
            <dt className="font-medium">{t('account.email.pending')}</dt>
            <dd className="break-all" data-pending-email>
              {user.new_email}
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
