import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_TEMPLATES, type MailLocale } from '../../supabase/local/auth-templates.ts';
import { closeDb, codeOf, newEmail, nthMail, verifyLinkOf } from './auth-flows-kit.ts';
import { freshUser, newClient, openLink, PASSWORD } from './helpers.ts';

/**
 * Every mail of the local auth in the recipient's language (issue 21): a new sign-up in the
 * `locale` of its metadata, an existing member in private.mail_locale (the setting on /account,
 * else the sign-up language, else Dutch), both e-mail-change mails in the member's language.
 */
afterAll(closeDb);

const LOCALES: MailLocale[] = ['nl', 'en', 'de'];

describe('the sign-up confirmation mail', () => {
  it.each(LOCALES)('in the language the person signed up in (%s); its link and code work', async (locale) => {
    const email = newEmail();
    const db = newClient();
    const { error } = await db.auth.signUp({ email, password: PASSWORD, options: { data: { locale } } });
    expect(error).toBeNull();
    const { subject, codeLabel } = AUTH_TEMPLATES.signup[locale];
    const mail = await nthMail(email, subject);
    expect(mail.text).toContain(`${codeLabel}: ${codeOf(mail)}`);
    await openLink(verifyLinkOf(mail, 'signup').toString());
    expect((await db.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('in Dutch when the sign-up names no language', async () => {
    const email = newEmail();
    await newClient().auth.signUp({ email, password: PASSWORD });
    await nthMail(email, AUTH_TEMPLATES.signup.nl.subject);
  });
});

describe('mails to a member follow the language setting', () => {
  it('magic link, reauthentication and both e-mail-change mails switch with set_my_mail_locale', async () => {
    const { email, db } = await freshUser(`Lang ${randomUUID().slice(0, 4)}`);
    // No setting, no sign-up language: Dutch.
    expect((await db.auth.reauthenticate()).error).toBeNull();
    const nl = await nthMail(email, AUTH_TEMPLATES.reauthentication.nl.subject.replace('{{ .Token }} ', ''));
    expect(nl.subject).toBe(`${codeOf(nl)} is je verificatiecode`);

    expect((await db.rpc('set_my_mail_locale', { locale: 'de' })).error).toBeNull();
    const next = newEmail();
    expect((await db.auth.updateUser({ email: next })).error).toBeNull();
    const de = AUTH_TEMPLATES.email_change.de;
    for (const to of [next, email]) {
      const mail = await nthMail(to, de.subject);
      expect(mail.text).toContain(`${de.codeLabel}: ${codeOf(mail)}`);
    }

    expect((await db.rpc('set_my_mail_locale', { locale: 'en' })).error).toBeNull();
    expect(
      (await newClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error,
    ).toBeNull();
    const link = await nthMail(email, AUTH_TEMPLATES.magiclink.en.subject);
    expect(verifyLinkOf(link, 'magiclink').pathname).toBe('/auth/v1/verify');
  });
});
