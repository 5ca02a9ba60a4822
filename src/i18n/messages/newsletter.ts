import { defineMessages } from '../define.ts';

/**
 * Texts of the Newsletter feature, in all three languages side by side. `newsletter.form.*` and
 * `newsletter.card.*` go to the sign-up script; `newsletter.consent` is the exact consent text
 * (its version is CONSENT_VERSION in src/features/newsletter/consent.ts: change both together).
 */
export const newsletterMessages = defineMessages({
  en: {
    'newsletter.card.title': 'Join the Inner Circle',
    'newsletter.card.text':
      'Letters about inner work, new pieces in the shop and gatherings, about twice a month.',
    'newsletter.form.email': 'E-mail',
    'newsletter.form.firstName': 'First name',
    'newsletter.form.lastName': 'Last name',
    'newsletter.form.password': 'Password',
    'newsletter.form.passwordHint': 'At least 8 characters.',
    'newsletter.form.createAccount': 'Also create an account for the community',
    'newsletter.form.submit': 'Subscribe',
    'newsletter.form.submitting': 'Subscribing…',
    'newsletter.form.required': 'Please fill in all required fields and accept our privacy policy',
    'newsletter.form.passwordRequired': 'Password is required to create an account',
    'newsletter.form.passwordShort': 'The password must be at least 8 characters long.',
    'newsletter.form.errorTitle': 'Error',
    'newsletter.form.errorGeneric': 'Something went wrong. Please try again.',
    'newsletter.form.errorRateLimit': 'Too many attempts. Please try again in a few minutes.',
    'newsletter.form.successTitle': 'Thank you!',
    'newsletter.form.successText': 'Check your inbox: we sent you a link to confirm your subscription.',
    'newsletter.form.accountFailedTitle': 'Subscribed, but no account',
    'newsletter.form.accountFailed':
      'Your newsletter subscription worked, but your account could not be created: {reason}',
    'newsletter.form.accountCreated': 'Your account has been created as well.',
    'newsletter.form.member.welcomeTitle': 'Welcome to the Inner Circle',
    'newsletter.form.member.welcomeText': 'You receive our newsletter at {email}. Thank you for being here.',
    'newsletter.form.member.pendingText': 'Almost there: open the confirmation link we sent to {email}.',
    'newsletter.form.member.oneClickText':
      'Receive the newsletter at {email}. We send you a link to confirm.',
    'newsletter.form.member.oneClick': 'Subscribe with one click',
    'newsletter.consent':
      'Yes, I want to receive the Inner Circle newsletter by e-mail. I can unsubscribe at any time with one click. How we handle my data is described in the privacy policy.',
    'newsletter.consentLink': 'Read the privacy policy',
    'newsletter.popup.close': 'Close',
    'newsletter.popup.label': 'Newsletter sign-up',
    'newsletter.mail.subject': 'Please confirm your subscription to the Inner Circle',
    'newsletter.mail.preheader': 'One click and you are in. The link is valid for 7 days.',
    'newsletter.mail.heading': 'Confirm your subscription',
    'newsletter.mail.greeting': 'Hello {name},',
    'newsletter.mail.body':
      'Someone, hopefully you, asked to receive the Inner Circle newsletter at this address. Please confirm with the button below. The link is valid for 7 days.',
    'newsletter.mail.ignore': 'If this was not you, ignore this mail: you will not be subscribed.',
    'newsletter.mail.button': 'Confirm my subscription',
    'newsletter.mail.why': 'You receive this mail because this address was entered on {site}.',
    'newsletter.mail.unsubscribe': 'Unsubscribe',
    'newsletter.page.confirmTitle': 'Newsletter confirmation',
    'newsletter.page.confirmed': 'Your subscription is confirmed',
    'newsletter.page.confirmedText':
      'Welcome to the Inner Circle, {name}. The next letter will reach {email}.',
    'newsletter.page.used': 'This link has already been used',
    'newsletter.page.usedText':
      'Each confirmation link works once. If you confirmed before, you are subscribed.',
    'newsletter.page.expired': 'This link has expired',
    'newsletter.page.expiredText':
      'Confirmation links are valid for 7 days. Please sign up again for a new one.',
    'newsletter.page.invalid': 'This link is not valid',
    'newsletter.page.invalidText':
      'The link may be incomplete. Copy the whole link from the mail, or sign up again.',
    'newsletter.page.signUpAgain': 'Sign up again',
    'newsletter.page.home': 'Back to the home page',
    'newsletter.page.unsubscribeTitle': 'Unsubscribe from the newsletter',
    'newsletter.page.unsubscribeText': 'Click the button and we stop sending the newsletter to this address.',
    'newsletter.page.unsubscribeButton': 'Unsubscribe',
    'newsletter.page.unsubscribed': 'You are unsubscribed',
    'newsletter.page.unsubscribedText':
      'We will not send the newsletter to {email} any more. Changed your mind?',
    'newsletter.admin.title': 'Newsletter consent records',
    'newsletter.admin.lead':
      'The proof of consent for each address: sign-up with the exact text shown, the confirmation mail, the click, unsubscribes and provider syncs.',
    'newsletter.admin.email': 'One address (empty = all)',
    'newsletter.admin.show': 'Show',
    'newsletter.admin.csv': 'Export CSV',
    'newsletter.admin.json': 'Export JSON',
    'newsletter.admin.empty': 'No records found.',
    'newsletter.admin.count': '{count} records',
    'newsletter.admin.col.email': 'E-mail',
    'newsletter.admin.col.status': 'Status',
    'newsletter.admin.col.event': 'Event',
    'newsletter.admin.col.time': 'Time',
    'newsletter.admin.col.from': 'Source / IP',
    'newsletter.admin.col.consent': 'Consent text (version)',
  },
  nl: {
    'newsletter.card.title': 'Word lid van de Inner Circle',
    'newsletter.card.text':
      'Brieven over innerlijk werk, nieuwe stukken in de winkel en bijeenkomsten, ongeveer twee keer per maand.',
    'newsletter.form.email': 'E-mail',
    'newsletter.form.firstName': 'Voornaam',
    'newsletter.form.lastName': 'Achternaam',
    'newsletter.form.password': 'Wachtwoord',
    'newsletter.form.passwordHint': 'Minimaal 8 tekens.',
    'newsletter.form.createAccount': 'Maak ook een account aan voor de community',
    'newsletter.form.submit': 'Aanmelden',
    'newsletter.form.submitting': 'Bezig met aanmelden…',
    'newsletter.form.required': 'Vul alle verplichte velden in en accepteer ons privacybeleid',
    'newsletter.form.passwordRequired': 'Een wachtwoord is nodig om een account aan te maken',
    'newsletter.form.passwordShort': 'Het wachtwoord moet minimaal 8 tekens lang zijn.',
    'newsletter.form.errorTitle': 'Fout',
    'newsletter.form.errorGeneric': 'Er is iets misgegaan. Probeer het opnieuw.',
    'newsletter.form.errorRateLimit': 'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
    'newsletter.form.successTitle': 'Dank je wel!',
    'newsletter.form.successText':
      'Kijk in je inbox: we hebben je een link gestuurd om je aanmelding te bevestigen.',
    'newsletter.form.accountFailedTitle': 'Aangemeld, maar geen account',
    'newsletter.form.accountFailed':
      'Je aanmelding voor de nieuwsbrief is gelukt, maar je account kon niet worden aangemaakt: {reason}',
    'newsletter.form.accountCreated': 'Je account is ook aangemaakt.',
    'newsletter.form.member.welcomeTitle': 'Welkom in de Inner Circle',
    'newsletter.form.member.welcomeText': 'Je ontvangt onze nieuwsbrief op {email}. Fijn dat je er bent.',
    'newsletter.form.member.pendingText':
      'Bijna klaar: open de bevestigingslink die we naar {email} stuurden.',
    'newsletter.form.member.oneClickText':
      'Ontvang de nieuwsbrief op {email}. We sturen je een link om te bevestigen.',
    'newsletter.form.member.oneClick': 'Aanmelden met één klik',
    'newsletter.consent':
      'Ja, ik wil de Inner Circle nieuwsbrief per e-mail ontvangen. Ik kan me altijd met één klik afmelden. Hoe met mijn gegevens wordt omgegaan staat in het privacybeleid.',
    'newsletter.consentLink': 'Lees het privacybeleid',
    'newsletter.popup.close': 'Sluiten',
    'newsletter.popup.label': 'Aanmelden voor de nieuwsbrief',
    'newsletter.mail.subject': 'Bevestig je aanmelding voor de Inner Circle',
    'newsletter.mail.preheader': 'Eén klik en je bent erbij. De link is 7 dagen geldig.',
    'newsletter.mail.heading': 'Bevestig je aanmelding',
    'newsletter.mail.greeting': 'Hallo {name},',
    'newsletter.mail.body':
      'Iemand, hopelijk jij, heeft gevraagd de Inner Circle nieuwsbrief op dit adres te ontvangen. Bevestig dat met de knop hieronder. De link is 7 dagen geldig.',
    'newsletter.mail.ignore': 'Was jij dit niet? Negeer deze mail dan: je wordt niet aangemeld.',
    'newsletter.mail.button': 'Bevestig mijn aanmelding',
    'newsletter.mail.why': 'Je ontvangt deze mail omdat dit adres is ingevuld op {site}.',
    'newsletter.mail.unsubscribe': 'Afmelden',
    'newsletter.page.confirmTitle': 'Bevestiging nieuwsbrief',
    'newsletter.page.confirmed': 'Je aanmelding is bevestigd',
    'newsletter.page.confirmedText':
      'Welkom in de Inner Circle, {name}. De volgende brief komt naar {email}.',
    'newsletter.page.used': 'Deze link is al gebruikt',
    'newsletter.page.usedText':
      'Elke bevestigingslink werkt één keer. Heb je al bevestigd, dan ben je aangemeld.',
    'newsletter.page.expired': 'Deze link is verlopen',
    'newsletter.page.expiredText':
      'Bevestigingslinks zijn 7 dagen geldig. Meld je opnieuw aan voor een nieuwe link.',
    'newsletter.page.invalid': 'Deze link is niet geldig',
    'newsletter.page.invalidText':
      'Misschien is de link onvolledig. Kopieer de hele link uit de mail, of meld je opnieuw aan.',
    'newsletter.page.signUpAgain': 'Opnieuw aanmelden',
    'newsletter.page.home': 'Terug naar de homepage',
    'newsletter.page.unsubscribeTitle': 'Afmelden voor de nieuwsbrief',
    'newsletter.page.unsubscribeText':
      'Klik op de knop en we sturen de nieuwsbrief niet meer naar dit adres.',
    'newsletter.page.unsubscribeButton': 'Afmelden',
    'newsletter.page.unsubscribed': 'Je bent afgemeld',
    'newsletter.page.unsubscribedText':
      'We sturen de nieuwsbrief niet meer naar {email}. Toch van gedachten veranderd?',
    'newsletter.admin.title': 'Toestemmingen nieuwsbrief',
    'newsletter.admin.lead':
      'Het bewijs van toestemming per adres: aanmelding met de precieze tekst, de bevestigingsmail, de klik, afmeldingen en synchronisaties.',
    'newsletter.admin.email': 'Eén adres (leeg = alle)',
    'newsletter.admin.show': 'Tonen',
    'newsletter.admin.csv': 'CSV exporteren',
    'newsletter.admin.json': 'JSON exporteren',
    'newsletter.admin.empty': 'Geen gegevens gevonden.',
    'newsletter.admin.count': '{count} regels',
    'newsletter.admin.col.email': 'E-mail',
    'newsletter.admin.col.status': 'Status',
    'newsletter.admin.col.event': 'Gebeurtenis',
    'newsletter.admin.col.time': 'Tijd',
    'newsletter.admin.col.from': 'Bron / IP',
    'newsletter.admin.col.consent': 'Toestemmingstekst (versie)',
  },
  de: {
    'newsletter.card.title': 'Tritt dem Inner Circle bei',
    'newsletter.card.text':
      'Briefe über innere Arbeit, neue Stücke im Shop und Treffen, etwa zweimal im Monat.',
    'newsletter.form.email': 'E-Mail',
    'newsletter.form.firstName': 'Vorname',
    'newsletter.form.lastName': 'Nachname',
    'newsletter.form.password': 'Passwort',
    'newsletter.form.passwordHint': 'Mindestens 8 Zeichen.',
    'newsletter.form.createAccount': 'Auch ein Konto für die Community anlegen',
    'newsletter.form.submit': 'Anmelden',
    'newsletter.form.submitting': 'Wird angemeldet…',
    'newsletter.form.required':
      'Bitte fülle alle Pflichtfelder aus und akzeptiere unsere Datenschutzerklärung',
    'newsletter.form.passwordRequired': 'Für ein Konto ist ein Passwort erforderlich',
    'newsletter.form.passwordShort': 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    'newsletter.form.errorTitle': 'Fehler',
    'newsletter.form.errorGeneric': 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',
    'newsletter.form.errorRateLimit': 'Zu viele Versuche. Bitte versuche es in ein paar Minuten erneut.',
    'newsletter.form.successTitle': 'Danke!',
    'newsletter.form.successText':
      'Schau in dein Postfach: Wir haben dir einen Link zur Bestätigung geschickt.',
    'newsletter.form.accountFailedTitle': 'Angemeldet, aber kein Konto',
    'newsletter.form.accountFailed':
      'Deine Newsletter-Anmeldung hat geklappt, aber dein Konto konnte nicht angelegt werden: {reason}',
    'newsletter.form.accountCreated': 'Dein Konto wurde ebenfalls angelegt.',
    'newsletter.form.member.welcomeTitle': 'Willkommen im Inner Circle',
    'newsletter.form.member.welcomeText':
      'Du erhältst unseren Newsletter an {email}. Schön, dass du da bist.',
    'newsletter.form.member.pendingText':
      'Fast geschafft: Öffne den Bestätigungslink, den wir an {email} geschickt haben.',
    'newsletter.form.member.oneClickText':
      'Erhalte den Newsletter an {email}. Wir schicken dir einen Link zur Bestätigung.',
    'newsletter.form.member.oneClick': 'Mit einem Klick anmelden',
    'newsletter.consent':
      'Ja, ich möchte den Inner-Circle-Newsletter per E-Mail erhalten. Ich kann mich jederzeit mit einem Klick abmelden. Wie mit meinen Daten umgegangen wird, steht in der Datenschutzerklärung.',
    'newsletter.consentLink': 'Datenschutzerklärung lesen',
    'newsletter.popup.close': 'Schließen',
    'newsletter.popup.label': 'Newsletter-Anmeldung',
    'newsletter.mail.subject': 'Bitte bestätige deine Anmeldung zum Inner Circle',
    'newsletter.mail.preheader': 'Ein Klick und du bist dabei. Der Link ist 7 Tage gültig.',
    'newsletter.mail.heading': 'Bestätige deine Anmeldung',
    'newsletter.mail.greeting': 'Hallo {name},',
    'newsletter.mail.body':
      'Jemand, hoffentlich du, möchte den Inner-Circle-Newsletter an diese Adresse erhalten. Bitte bestätige das mit dem Button unten. Der Link ist 7 Tage gültig.',
    'newsletter.mail.ignore': 'Warst du das nicht? Dann ignoriere diese Mail: Du wirst nicht angemeldet.',
    'newsletter.mail.button': 'Anmeldung bestätigen',
    'newsletter.mail.why': 'Du erhältst diese Mail, weil diese Adresse auf {site} eingegeben wurde.',
    'newsletter.mail.unsubscribe': 'Abmelden',
    'newsletter.page.confirmTitle': 'Newsletter-Bestätigung',
    'newsletter.page.confirmed': 'Deine Anmeldung ist bestätigt',
    'newsletter.page.confirmedText': 'Willkommen im Inner Circle, {name}. Der nächste Brief geht an {email}.',
    'newsletter.page.used': 'Dieser Link wurde bereits verwendet',
    'newsletter.page.usedText':
      'Jeder Bestätigungslink funktioniert einmal. Wenn du schon bestätigt hast, bist du angemeldet.',
    'newsletter.page.expired': 'Dieser Link ist abgelaufen',
    'newsletter.page.expiredText':
      'Bestätigungslinks sind 7 Tage gültig. Bitte melde dich erneut an, um einen neuen zu erhalten.',
    'newsletter.page.invalid': 'Dieser Link ist ungültig',
    'newsletter.page.invalidText':
      'Vielleicht ist der Link unvollständig. Kopiere den ganzen Link aus der Mail oder melde dich erneut an.',
    'newsletter.page.signUpAgain': 'Erneut anmelden',
    'newsletter.page.home': 'Zurück zur Startseite',
    'newsletter.page.unsubscribeTitle': 'Vom Newsletter abmelden',
    'newsletter.page.unsubscribeText':
      'Klicke auf den Button und wir senden den Newsletter nicht mehr an diese Adresse.',
    'newsletter.page.unsubscribeButton': 'Abmelden',
    'newsletter.page.unsubscribed': 'Du bist abgemeldet',
    'newsletter.page.unsubscribedText':
      'Wir senden den Newsletter nicht mehr an {email}. Doch anders überlegt?',
    'newsletter.admin.title': 'Newsletter-Einwilligungen',
    'newsletter.admin.lead':
      'Der Nachweis der Einwilligung je Adresse: Anmeldung mit dem genauen Text, die Bestätigungsmail, der Klick, Abmeldungen und Synchronisierungen.',
    'newsletter.admin.email': 'Eine Adresse (leer = alle)',
    'newsletter.admin.show': 'Anzeigen',
    'newsletter.admin.csv': 'CSV exportieren',
    'newsletter.admin.json': 'JSON exportieren',
    'newsletter.admin.empty': 'Keine Einträge gefunden.',
    'newsletter.admin.count': '{count} Einträge',
    'newsletter.admin.col.email': 'E-Mail',
    'newsletter.admin.col.status': 'Status',
    'newsletter.admin.col.event': 'Ereignis',
    'newsletter.admin.col.time': 'Zeit',
    'newsletter.admin.col.from': 'Quelle / IP',
    'newsletter.admin.col.consent': 'Einwilligungstext (Version)',
  },
});
