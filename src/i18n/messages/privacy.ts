import { defineMessages } from '../define.ts';

/**
 * Texts of the privacy feature (/account/data: export my data, delete my account), in all three
 * languages side by side. What is kept after deletion says the same as README "Your data".
 */
export const privacyMessages = defineMessages({
  en: {
    'meta.privacy.title': 'Your data',
    'meta.privacy.description': 'Download everything we store about you, or delete your account.',
    'privacy.title': 'Your data',
    'privacy.lead': 'Take your data with you, or leave for good. Both are your right.',
    'privacy.export.heading': 'Download my data',
    'privacy.export.text':
      'One file (zip) with everything we store about you: your profile, posts, comments, likes, friends, blocks and reports, your messages in both directions, your newsletter consent history, Timeline Alchemy previews and decisions, and the pictures you uploaded. data.json is machine-readable.',
    'privacy.export.button': 'Download my data',
    'privacy.export.busy': 'Collecting your data…',
    'privacy.export.done': 'Your download has started.',
    'privacy.delete.heading': 'Delete my account',
    'privacy.delete.text':
      'This cannot be undone. Your account, profile, profile picture, posts with their pictures, comments, likes, friendships, blocks, reports, settings and all your messages are deleted, in both directions: the people you wrote with lose those conversations too. Download your data first if you want to keep it.',
    'privacy.delete.kept.heading': 'What we keep, and why',
    'privacy.delete.kept.newsletter':
      'If you subscribed to the newsletter: the subscription ends. Proof that you once consented (when, to which text) is kept under a code instead of your address, for three years, because the law requires us to be able to prove consent; then it is deleted.',
    'privacy.delete.kept.client':
      'If you are a Timeline Alchemy client: the previews made for you stay with the admin, marked as "client deleted their account"; your review links stop working.',
    'privacy.delete.kept.contact':
      'Messages you sent through the contact form stay as correspondence with us.',
    'privacy.delete.kept.orders':
      'Orders in the shop are kept by the shop as the law on bookkeeping requires.',
    'privacy.delete.confirmLabel': 'Type your e-mail address {email} to confirm',
    'privacy.delete.button': 'Delete my account for good',
    'privacy.delete.busy': 'Deleting your account…',
    'privacy.goodbye.title': 'Your account has been deleted',
    'privacy.goodbye.text': 'Thank you for the time you spent with us. Goodbye!',
    'privacy.error.confirmation_mismatch': 'That is not the e-mail address of your account.',
    'privacy.error.last_admin': 'You are the only admin. Make someone else an admin first.',
    'privacy.error.files_left': 'Some of your pictures could not be removed yet. Please try again.',
    'privacy.error.files_not_deleted':
      'Your pictures could not be removed, so nothing was deleted. Please try again.',
  },
  nl: {
    'meta.privacy.title': 'Jouw gegevens',
    'meta.privacy.description': 'Download alles wat we over je bewaren, of verwijder je account.',
    'privacy.title': 'Jouw gegevens',
    'privacy.lead': 'Neem je gegevens mee, of vertrek voorgoed. Beide zijn je recht.',
    'privacy.export.heading': 'Mijn gegevens downloaden',
    'privacy.export.text':
      'Eén bestand (zip) met alles wat we over je bewaren: je profiel, berichten, reacties, likes, vrienden, blokkeringen en meldingen, je privéberichten in beide richtingen, je toestemmingsgeschiedenis voor de nieuwsbrief, Timeline Alchemy-previews en -beslissingen, en de afbeeldingen die je uploadde. data.json is machineleesbaar.',
    'privacy.export.button': 'Mijn gegevens downloaden',
    'privacy.export.busy': 'Je gegevens worden verzameld…',
    'privacy.export.done': 'Je download is begonnen.',
    'privacy.delete.heading': 'Mijn account verwijderen',
    'privacy.delete.text':
      'Dit kan niet ongedaan worden gemaakt. Je account, profiel, profielfoto, berichten met hun afbeeldingen, reacties, likes, vriendschappen, blokkeringen, meldingen, instellingen en al je privéberichten worden verwijderd, in beide richtingen: wie met je schreef, verliest die gesprekken ook. Download eerst je gegevens als je ze wilt bewaren.',
    'privacy.delete.kept.heading': 'Wat we bewaren, en waarom',
    'privacy.delete.kept.newsletter':
      'Als je op de nieuwsbrief geabonneerd was: het abonnement stopt. Het bewijs dat je ooit toestemming gaf (wanneer, voor welke tekst) bewaren we onder een code in plaats van je adres, drie jaar lang, omdat de wet vraagt dat we toestemming kunnen aantonen; daarna wordt het verwijderd.',
    'privacy.delete.kept.client':
      'Als je Timeline Alchemy-klant bent: de previews die voor je zijn gemaakt blijven bij de beheerder, gemarkeerd met "klant heeft account verwijderd"; je beoordelingslinks werken niet meer.',
    'privacy.delete.kept.contact':
      'Berichten die je via het contactformulier stuurde, blijven bewaard als correspondentie met ons.',
    'privacy.delete.kept.orders':
      'Bestellingen in de winkel bewaart de winkel zolang de boekhoudwet dat vraagt.',
    'privacy.delete.confirmLabel': 'Typ je e-mailadres {email} om te bevestigen',
    'privacy.delete.button': 'Mijn account definitief verwijderen',
    'privacy.delete.busy': 'Je account wordt verwijderd…',
    'privacy.goodbye.title': 'Je account is verwijderd',
    'privacy.goodbye.text': 'Dank je voor de tijd die je met ons doorbracht. Vaarwel!',
    'privacy.error.confirmation_mismatch': 'Dat is niet het e-mailadres van je account.',
    'privacy.error.last_admin': 'Je bent de enige beheerder. Maak eerst iemand anders beheerder.',
    'privacy.error.files_left':
      'Een deel van je afbeeldingen kon nog niet worden verwijderd. Probeer het opnieuw.',
    'privacy.error.files_not_deleted':
      'Je afbeeldingen konden niet worden verwijderd, dus er is niets verwijderd. Probeer het opnieuw.',
  },
  de: {
    'meta.privacy.title': 'Deine Daten',
    'meta.privacy.description': 'Lade alles herunter, was wir über dich speichern, oder lösche dein Konto.',
    'privacy.title': 'Deine Daten',
    'privacy.lead': 'Nimm deine Daten mit, oder geh für immer. Beides ist dein Recht.',
    'privacy.export.heading': 'Meine Daten herunterladen',
    'privacy.export.text':
      'Eine Datei (ZIP) mit allem, was wir über dich speichern: dein Profil, Beiträge, Kommentare, Likes, Freunde, Blockierungen und Meldungen, deine Nachrichten in beide Richtungen, deine Einwilligungshistorie für den Newsletter, Timeline-Alchemy-Vorschauen und -Entscheidungen und die Bilder, die du hochgeladen hast. data.json ist maschinenlesbar.',
    'privacy.export.button': 'Meine Daten herunterladen',
    'privacy.export.busy': 'Deine Daten werden gesammelt…',
    'privacy.export.done': 'Dein Download hat begonnen.',
    'privacy.delete.heading': 'Mein Konto löschen',
    'privacy.delete.text':
      'Das lässt sich nicht rückgängig machen. Dein Konto, Profil, Profilbild, deine Beiträge mit ihren Bildern, Kommentare, Likes, Freundschaften, Blockierungen, Meldungen, Einstellungen und alle deine Nachrichten werden gelöscht, in beide Richtungen: Wer mit dir geschrieben hat, verliert diese Unterhaltungen ebenfalls. Lade vorher deine Daten herunter, wenn du sie behalten möchtest.',
    'privacy.delete.kept.heading': 'Was wir behalten, und warum',
    'privacy.delete.kept.newsletter':
      'Wenn du den Newsletter abonniert hattest: Das Abonnement endet. Den Nachweis, dass du einmal eingewilligt hast (wann, in welchen Text), bewahren wir unter einem Code statt deiner Adresse drei Jahre lang auf, weil das Gesetz verlangt, dass wir eine Einwilligung nachweisen können; danach wird er gelöscht.',
    'privacy.delete.kept.client':
      'Wenn du Timeline-Alchemy-Kunde bist: Die für dich erstellten Vorschauen bleiben beim Admin, markiert mit „Kunde hat sein Konto gelöscht“; deine Prüf-Links funktionieren nicht mehr.',
    'privacy.delete.kept.contact':
      'Nachrichten, die du über das Kontaktformular geschickt hast, bleiben als Korrespondenz mit uns erhalten.',
    'privacy.delete.kept.orders':
      'Bestellungen im Shop bewahrt der Shop so lange auf, wie es die Buchhaltungspflichten verlangen.',
    'privacy.delete.confirmLabel': 'Gib zur Bestätigung deine E-Mail-Adresse {email} ein',
    'privacy.delete.button': 'Mein Konto endgültig löschen',
    'privacy.delete.busy': 'Dein Konto wird gelöscht…',
    'privacy.goodbye.title': 'Dein Konto wurde gelöscht',
    'privacy.goodbye.text': 'Danke für die Zeit, die du mit uns verbracht hast. Leb wohl!',
    'privacy.error.confirmation_mismatch': 'Das ist nicht die E-Mail-Adresse deines Kontos.',
    'privacy.error.last_admin': 'Du bist der einzige Admin. Mach zuerst jemand anderen zum Admin.',
    'privacy.error.files_left':
      'Einige deiner Bilder konnten noch nicht entfernt werden. Bitte versuche es erneut.',
    'privacy.error.files_not_deleted':
      'Deine Bilder konnten nicht entfernt werden, daher wurde nichts gelöscht. Bitte versuche es erneut.',
  },
});
