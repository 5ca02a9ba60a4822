import { defineMessages } from '../define.ts';

/**
 * Texts of the account mails the site sends itself through the outbox (src/features/account/mails.ts):
 * the two confirmations of an e-mail change (POST /api/account/email) and the notice to the owner
 * of an address someone else tried to use. Not in the `account.` group: the page does not need them.
 */
export const accountMailMessages = defineMessages({
  en: {
    'accountMail.change.subject': 'Confirm the change of your email address',
    'accountMail.change.toCurrent':
      'You asked to change the email address of your account at {site} to {email}. Open the link below to confirm it.',
    'accountMail.change.toNew':
      'You asked to use {email} for your account at {site}. Open the link below to confirm this address.',
    'accountMail.change.both':
      'The change is made once this link and the one we sent to the other address have both been opened. Until then you sign in with your current address.',
    'accountMail.change.button': 'Confirm the change',
    'accountMail.change.notYou':
      'Did not ask for this? Then ignore this email: nothing changes. If it happens again, change your password.',
    'accountMail.taken.subject': 'Someone tried to use your email address',
    'accountMail.taken.body':
      'Someone with an account at {site} tried to change their email address to this one. Nothing has changed, and they were not told that this address has an account.',
    'accountMail.taken.nothing': 'You do not need to do anything.',
    'accountMail.why': 'You receive this because this address was entered at {site}.',
  },
  nl: {
    'accountMail.change.subject': 'Bevestig de wijziging van je e-mailadres',
    'accountMail.change.toCurrent':
      'Je hebt gevraagd het e-mailadres van je account bij {site} te wijzigen in {email}. Open de link hieronder om dat te bevestigen.',
    'accountMail.change.toNew':
      'Je hebt gevraagd {email} te gebruiken voor je account bij {site}. Open de link hieronder om dit adres te bevestigen.',
    'accountMail.change.both':
      'De wijziging gaat in zodra deze link en de link die we naar het andere adres stuurden allebei zijn geopend. Tot dan log je in met je huidige adres.',
    'accountMail.change.button': 'Wijziging bevestigen',
    'accountMail.change.notYou':
      'Niet door jou gevraagd? Negeer deze e-mail dan: er verandert niets. Gebeurt het vaker, wijzig dan je wachtwoord.',
    'accountMail.taken.subject': 'Iemand probeerde je e-mailadres te gebruiken',
    'accountMail.taken.body':
      'Iemand met een account bij {site} probeerde zijn e-mailadres te wijzigen in dit adres. Er is niets veranderd, en diegene heeft niet te horen gekregen dat dit adres een account heeft.',
    'accountMail.taken.nothing': 'Je hoeft niets te doen.',
    'accountMail.why': 'Je ontvangt dit omdat dit adres is ingevuld op {site}.',
  },
  de: {
    'accountMail.change.subject': 'Bestätige die Änderung deiner E-Mail-Adresse',
    'accountMail.change.toCurrent':
      'Du möchtest die E-Mail-Adresse deines Kontos bei {site} in {email} ändern. Öffne den Link unten, um das zu bestätigen.',
    'accountMail.change.toNew':
      'Du möchtest {email} für dein Konto bei {site} verwenden. Öffne den Link unten, um diese Adresse zu bestätigen.',
    'accountMail.change.both':
      'Die Änderung gilt, sobald dieser Link und der an die andere Adresse gesendete Link beide geöffnet wurden. Bis dahin meldest du dich mit deiner aktuellen Adresse an.',
    'accountMail.change.button': 'Änderung bestätigen',
    'accountMail.change.notYou':
      'Nicht von dir angefordert? Dann ignoriere diese E-Mail: Es ändert sich nichts. Passiert es wieder, ändere dein Passwort.',
    'accountMail.taken.subject': 'Jemand hat versucht, deine E-Mail-Adresse zu verwenden',
    'accountMail.taken.body':
      'Jemand mit einem Konto bei {site} hat versucht, seine E-Mail-Adresse in diese zu ändern. Es hat sich nichts geändert, und der Person wurde nicht mitgeteilt, dass zu dieser Adresse ein Konto gehört.',
    'accountMail.taken.nothing': 'Du musst nichts tun.',
    'accountMail.why': 'Du erhältst diese E-Mail, weil diese Adresse bei {site} eingegeben wurde.',
  },
});
