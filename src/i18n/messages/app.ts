import { defineMessages } from '../define.ts';

/** Texts of the shared pieces of the signed-in pages (src/components/app), in all three languages. */
export const appMessages = defineMessages({
  en: {
    'app.loading': 'Loading…',
    'app.retry': 'Try Again',
    'app.errorTitle': 'Something went wrong',
    'app.cancel': 'Cancel',
    'app.confirm': 'Confirm',
    'app.close': 'Close',
    'app.notAllowed.title': 'Not allowed',
    'app.notAllowed.text': 'This page is not available for your account.',
    'app.notAllowed.back': 'Back to the home page',
    'app.redirecting': 'Taking you to sign in…',
  },
  nl: {
    'app.loading': 'Laden…',
    'app.retry': 'Opnieuw proberen',
    'app.errorTitle': 'Er ging iets mis',
    'app.cancel': 'Annuleren',
    'app.confirm': 'Bevestigen',
    'app.close': 'Sluiten',
    'app.notAllowed.title': 'Geen toegang',
    'app.notAllowed.text': 'Deze pagina is niet beschikbaar voor jouw account.',
    'app.notAllowed.back': 'Terug naar de homepage',
    'app.redirecting': 'We brengen je naar de inlogpagina…',
  },
  de: {
    'app.loading': 'Wird geladen…',
    'app.retry': 'Erneut versuchen',
    'app.errorTitle': 'Etwas ist schiefgelaufen',
    'app.cancel': 'Abbrechen',
    'app.confirm': 'Bestätigen',
    'app.close': 'Schließen',
    'app.notAllowed.title': 'Kein Zugriff',
    'app.notAllowed.text': 'Diese Seite ist für dein Konto nicht verfügbar.',
    'app.notAllowed.back': 'Zurück zur Startseite',
    'app.redirecting': 'Du wirst zur Anmeldung weitergeleitet…',
  },
});
