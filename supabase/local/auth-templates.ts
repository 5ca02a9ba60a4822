import type pg from 'pg';

/**
 * The local auth's mail templates per language. GoTrue renders one template per mail type; the
 * hosted project's templates (supabase/templates/*.html, `[auth.email.template.*]` in
 * supabase/config.toml) branch on `{{ .Data.locale }}` (the user metadata the sign-up form sends
 * and the account page keeps in step; README "Accounts"). The local stack asks the database's one
 * answer instead, private.mail_locale(id): the member's setting on /account, else the sign-up
 * language, else Dutch. The subjects here are the production templates' subjects
 * (auth-templates.test.ts keeps the two in step).
 */
export type MailLocale = 'nl' | 'en' | 'de';

const asMailLocale = (value: unknown): MailLocale => (value === 'en' || value === 'de' ? value : 'nl');

export async function mailLocale(pool: pg.Pool, userId: string): Promise<MailLocale> {
  const r = await pool.query<{ locale: string }>('select private.mail_locale($1) as locale', [userId]);
  return asMailLocale(r.rows[0]?.locale);
}

/** The mail types the local auth sends, as GoTrue's template names. */
export type AuthMailType = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication';

type Template = { subject: string; codeLabel: string };

/** Subject and the line before the 6-digit code of each mail, per language. */
export const AUTH_TEMPLATES: Record<AuthMailType, Record<MailLocale, Template>> = {
  signup: {
    en: { subject: 'Confirm your email address', codeLabel: 'Alternatively, enter the code' },
    nl: { subject: 'Bevestig je e-mailadres', codeLabel: 'Of vul deze code in' },
    de: { subject: 'Bestätige deine E-Mail-Adresse', codeLabel: 'Oder gib diesen Code ein' },
  },
  recovery: {
    en: { subject: 'Reset your password', codeLabel: 'Alternatively, enter the code' },
    nl: { subject: 'Stel een nieuw wachtwoord in', codeLabel: 'Of vul deze code in' },
    de: { subject: 'Setze dein Passwort zurück', codeLabel: 'Oder gib diesen Code ein' },
  },
  magiclink: {
    en: { subject: 'Your sign-in link', codeLabel: 'Alternatively, enter the code' },
    nl: { subject: 'Je inloglink', codeLabel: 'Of vul deze code in' },
    de: { subject: 'Dein Anmeldelink', codeLabel: 'Oder gib diesen Code ein' },
  },
  email_change: {
    en: { subject: 'Confirm the change of your email address', codeLabel: 'Alternatively, enter the code' },
    nl: { subject: 'Bevestig de wijziging van je e-mailadres', codeLabel: 'Of vul deze code in' },
    de: { subject: 'Bestätige die Änderung deiner E-Mail-Adresse', codeLabel: 'Oder gib diesen Code ein' },
  },
  reauthentication: {
    en: { subject: '{{ .Token }} is your verification code', codeLabel: 'Your verification code' },
    nl: { subject: '{{ .Token }} is je verificatiecode', codeLabel: 'Je verificatiecode' },
    de: { subject: '{{ .Token }} ist dein Bestätigungscode', codeLabel: 'Dein Bestätigungscode' },
  },
};

/** A mail's subject and code line in `locale`, the code put in where the subject names it. */
export function renderAuthMail(type: AuthMailType, locale: MailLocale, code: string): Template {
  const template = AUTH_TEMPLATES[type][locale];
  return { subject: template.subject.replace('{{ .Token }}', code), codeLabel: template.codeLabel };
}
