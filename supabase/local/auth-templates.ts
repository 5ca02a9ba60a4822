import type pg from 'pg';

/**
 * The local auth's mail templates per language. GoTrue renders one template per mail type; the
 * hosted project's templates branch on `{{ .Data.locale }}` (the user metadata the sign-up form
 * sends; README "Accounts"). The local stack asks the database's one answer instead,
 * private.mail_locale(id): the member's setting on /account, else the sign-up language, else Dutch.
 */
export type MailLocale = 'nl' | 'en' | 'de';

export async function mailLocale(pool: pg.Pool, userId: string): Promise<MailLocale> {
  const r = await pool.query<{ locale: string }>('select private.mail_locale($1) as locale', [userId]);
  const locale = r.rows[0]?.locale;
  return locale === 'en' || locale === 'de' ? locale : 'nl';
}

/** The recovery mail's subject and the line before its 6-digit code, per language. */
export const RECOVERY_TEMPLATES: Record<MailLocale, { subject: string; codeLabel: string }> = {
  en: { subject: 'Reset your password', codeLabel: 'Alternatively, enter the code' },
  nl: { subject: 'Stel een nieuw wachtwoord in', codeLabel: 'Of vul deze code in' },
  de: { subject: 'Setze dein Passwort zurück', codeLabel: 'Oder gib diesen Code ein' },
};
