import { defineMessages } from '../define.ts';

/**
 * The error catalogue of SPEC.md section 8, keyed by the stable codes of src/lib/supabase/errors.ts
 * (`error.<code>`), in all three languages.
 */
export const errorMessages = defineMessages({
  en: {
    'error.invalid_credentials': 'The e-mail address or password is incorrect.',
    'error.suspended':
      'Your account is suspended by the moderators. You cannot sign in until the suspension ends or is lifted.',
    'error.weak_password': 'Password is too weak. Use at least 6 characters.',
    'error.user_already_exists': 'An account with this e-mail address already exists. Log in instead.',
    'error.invalid_email': 'Invalid e-mail address.',
    'error.rate_limit': 'Too many attempts. Please try again in a few minutes.',
    'error.not_authorized': 'This e-mail address is not authorized to sign up.',
    'error.email_not_confirmed': 'Please confirm your e-mail address first, with the link we sent you.',
    'error.database_setup_required': 'The account could not be set up in the database. Please contact us.',
    'error.network_error': 'Network error. Please check your connection.',
    'error.unknown': 'Something went wrong. Please try again.',
    'error.fetch_failed': 'Network connection failed. Please check your internet connection.',
    'error.unauthorized': 'You are not authorized to perform this action.',
    'error.forbidden': 'Access denied.',
    'error.not_found': 'The requested resource was not found.',
    'error.conflict': 'This already exists.',
    'error.timeout': 'The request timed out. Please try again.',
    'error.server_error': 'Server error. Please try again later.',
  },
  nl: {
    'error.invalid_credentials': 'Het e-mailadres of wachtwoord is onjuist.',
    'error.suspended':
      'Je account is geschorst door de moderatoren. Je kunt niet inloggen tot de schorsing afloopt of wordt opgeheven.',
    'error.weak_password': 'Wachtwoord is te zwak. Gebruik minimaal 6 karakters.',
    'error.user_already_exists': 'Er bestaat al een account met dit e-mailadres. Log in.',
    'error.invalid_email': 'Ongeldig email adres.',
    'error.rate_limit': 'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
    'error.not_authorized': 'Dit email adres is niet geautoriseerd om te registreren.',
    'error.email_not_confirmed': 'Bevestig eerst je e-mailadres met de link die we je stuurden.',
    'error.database_setup_required':
      'Het account kon niet in de database worden aangemaakt. Neem contact met ons op.',
    'error.network_error': 'Netwerkverbinding mislukt. Controleer je internetverbinding.',
    'error.unknown': 'Er ging iets mis. Probeer het opnieuw.',
    'error.fetch_failed': 'Netwerkverbinding mislukt. Controleer je internetverbinding.',
    'error.unauthorized': 'Je bent niet bevoegd om dit te doen.',
    'error.forbidden': 'Toegang geweigerd.',
    'error.not_found': 'Het gevraagde item is niet gevonden.',
    'error.conflict': 'Dit bestaat al.',
    'error.timeout': 'Het verzoek duurde te lang. Probeer het opnieuw.',
    'error.server_error': 'Serverfout. Probeer het later opnieuw.',
  },
  de: {
    'error.invalid_credentials': 'Die E-Mail-Adresse oder das Passwort ist falsch.',
    'error.suspended':
      'Dein Konto wurde von der Moderation gesperrt. Du kannst dich erst wieder anmelden, wenn die Sperre endet oder aufgehoben wird.',
    'error.weak_password': 'Das Passwort ist zu schwach. Verwende mindestens 6 Zeichen.',
    'error.user_already_exists': 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto. Melde dich an.',
    'error.invalid_email': 'Ungültige E-Mail-Adresse.',
    'error.rate_limit': 'Zu viele Versuche. Bitte versuche es in ein paar Minuten erneut.',
    'error.not_authorized': 'Diese E-Mail-Adresse ist für die Registrierung nicht freigegeben.',
    'error.email_not_confirmed':
      'Bitte bestätige zuerst deine E-Mail-Adresse mit dem Link, den wir dir geschickt haben.',
    'error.database_setup_required':
      'Das Konto konnte in der Datenbank nicht angelegt werden. Bitte kontaktiere uns.',
    'error.network_error': 'Netzwerkverbindung fehlgeschlagen. Bitte prüfe deine Internetverbindung.',
    'error.unknown': 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',
    'error.fetch_failed': 'Netzwerkverbindung fehlgeschlagen. Bitte prüfe deine Internetverbindung.',
    'error.unauthorized': 'Du bist nicht berechtigt, diese Aktion auszuführen.',
    'error.forbidden': 'Zugriff verweigert.',
    'error.not_found': 'Die angeforderte Ressource wurde nicht gefunden.',
    'error.conflict': 'Das gibt es bereits.',
    'error.timeout': 'Die Anfrage hat zu lange gedauert. Bitte versuche es erneut.',
    'error.server_error': 'Serverfehler. Bitte versuche es später erneut.',
  },
});
