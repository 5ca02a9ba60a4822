import type { Dictionary } from './en.ts';

/** German messages. */
export const de: Dictionary = {
  'a11y.skipLink': 'Zum Inhalt springen',
  'a11y.newTab': '(öffnet in einem neuen Tab)',
  'a11y.imageUnavailable': 'Bild nicht verfügbar',

  'nav.main': 'Hauptnavigation',
  'nav.home': 'Startseite',
  'nav.about': 'Über uns',
  'nav.shop': 'Shop',
  'nav.blog': 'Blog',
  'nav.community': 'Community',
  'nav.contact': 'Kontakt',
  'nav.login': 'Anmelden',
  'nav.logoHome': 'Chosen Ones, zur Startseite',
  'nav.menuOpen': 'Menü öffnen',
  'nav.menuClose': 'Menü schließen',
  'nav.cart': 'Warenkorb',
  'nav.cartCount.one': 'Warenkorb, {count} Artikel',
  'nav.cartCount.other': 'Warenkorb, {count} Artikel',

  'lang.switcher': 'Sprache',
  'lang.nl': 'Nederlands',
  'lang.en': 'English',
  'lang.de': 'Deutsch',

  'footer.tagline':
    'Erinnere dich, wer du bist. Impulse, Texte und eine Gemeinschaft für den Weg zurück zur Einheit.',
  'footer.quickLinks': 'Schnellzugriff',
  'footer.shop': 'Shop',
  'footer.allClothing': 'Alle Kleidung',
  'footer.digitalProducts': 'Digitale Produkte',
  'footer.otherMerch': 'Weitere Artikel',
  'footer.legal': 'Rechtliches',
  'footer.privacy': 'Datenschutzerklärung',
  'footer.terms': 'Nutzungsbedingungen',
  'footer.shipping': 'Versandrichtlinie',
  'footer.refund': 'Rückgaberecht',
  'footer.contact': 'Kontakt',
  'footer.follow': 'Folge uns',
  'footer.followOn': 'Chosen Ones auf {network}',
  'footer.directPath': 'Der Direkte Weg',
  'footer.timelineAlchemy': 'Timeline Alchemy',
  'footer.rights': '© {year} Chosen Ones. Alle Rechte vorbehalten.',

  'meta.home.title': 'Chosen Ones: Erinnere dich, wer du bist',
  'meta.home.description':
    'Digitale Lehren, bewusste Kleidung und eine Gemeinschaft von Suchenden auf dem Weg zurück zur Einheit.',
  'meta.about.title': 'Über uns',
  'meta.about.description':
    'Wer wir sind, warum wir diese Arbeit tun und wofür die Chosen-Ones-Gemeinschaft steht.',
  'meta.contact.title': 'Kontakt',
  'meta.contact.description':
    'Fragen zu einer Bestellung, einem Produkt oder der Community? Wir antworten innerhalb von 24 Stunden.',
  'meta.digitempel.title': 'Digitaler Tempel',
  'meta.digitempel.description':
    'Der Digitale Tempel: das Zuhause der digitalen Lehren, der neuesten Texte und der Weg in die Community.',
  'meta.comingSoon.title': 'Demnächst: Planung mit Timeline Alchemy',
  'meta.comingSoon.description':
    'Plane und veröffentliche deine spirituellen Inhalte auf allen Kanälen. Tritt dem Inner Circle bei und erfahre es zuerst.',
  'meta.notFound.title': 'Seite nicht gefunden',
  'meta.notFound.description': 'Diese Seite gibt es nicht (mehr).',

  'home.hero.title': 'Erinnere dich, wer du bist',
  'home.hero.subtitle':
    'Lehren, Werkzeuge und eine lebendige Gemeinschaft für alle, die spüren, dass es mehr gibt, als das Ego zeigt.',
  'home.hero.ctaTemple': 'Den Digitalen Tempel betreten',
  'home.hero.ctaBlog': 'Zum Blog',
  'home.blurb.seals.title': '7 Heilige Siegel',
  'home.blurb.seals.text': 'Sieben Tore des Bewusstseins, eines nach dem anderen durch Übung geöffnet.',
  'home.blurb.potential.title': 'Unendliches Potenzial',
  'home.blurb.potential.text': 'Was du suchst, ist schon in dir und wartet darauf, erkannt zu werden.',
  'home.blurb.unity.title': '1 Einheit',
  'home.blurb.unity.text': 'Unter jedem Unterschied liegt ein Bewusstsein, das uns alle verbindet.',
  'home.members': 'Schließe dich über 1.000 Mitgliedern auf dem Weg an.',

  'about.title': 'Über Chosen Ones',
  'about.lead':
    'Chosen Ones begann als kleiner Freundeskreis, der sich jede Woche traf, um zu studieren, zu meditieren und zu teilen, was er gesehen hatte. Daraus wurde ein Zuhause für Suchende in den Niederlanden und weit darüber hinaus.',
  'about.missionTitle': 'Unsere Mission',
  'about.mission':
    'Wir machen tiefe spirituelle Lehren praktisch und zugänglich: in klaren Texten, in digitalen Kursen in deinem eigenen Tempo und in einer Gemeinschaft, in der ehrliche Fragen willkommen sind.',
  'about.valuesTitle': 'Wofür wir stehen',
  'about.value1': 'Direkte Erfahrung statt Glauben: probiere es aus, spüre es, prüfe es selbst.',
  'about.value2': 'Einheit ohne Einheitlichkeit: jeder Weg wird geehrt.',
  'about.value3': 'Sorge für Mensch und Planet: unsere Kleidung besteht aus Bio-Baumwolle und fairer Arbeit.',
  'about.closing': 'Ob du gerade beginnst oder schon seit Jahren auf dem Weg bist: Du bist hier willkommen.',

  'contact.title': 'Kontakt',
  'contact.lead':
    'Fragen zu einer Bestellung, einem Produkt oder der Community? Schreib uns. Wir antworten innerhalb von 24 Stunden.',
  'contact.detailsTitle': 'Kontaktdaten',
  'contact.emailLabel': 'E-Mail',
  'contact.phoneLabel': 'Telefon',
  'contact.addressLabel': 'Postanschrift',
  'contact.country': 'Niederlande',
  'contact.hoursTitle': 'Öffnungszeiten',
  'contact.hoursWeekdays': 'Montag bis Freitag, 9:00 bis 17:00 Uhr',
  'contact.hoursWeekend': 'Wochenenden nach Vereinbarung',
  'contact.formTitle': 'Schreib uns eine Nachricht',
  'contact.firstName': 'Vorname',
  'contact.lastName': 'Nachname',
  'contact.email': 'E-Mail-Adresse',
  'contact.subject': 'Betreff',
  'contact.message': 'Nachricht',
  'contact.required': 'Pflichtfeld',
  'contact.submit': 'Nachricht senden',
  'contact.sending': 'Wird gesendet…',
  'contact.sent': 'Danke! Deine Nachricht wurde gesendet. Wir antworten innerhalb von 24 Stunden.',
  'contact.error.required': 'Bitte fülle dieses Feld aus.',
  'contact.error.email': 'Bitte gib eine gültige E-Mail-Adresse ein.',
  'contact.error.tooLong': 'Dieser Text ist zu lang.',
  'contact.error.invalid': 'Einige Felder sind nicht korrekt ausgefüllt. Bitte prüfe das Formular.',
  'contact.error.notAvailable':
    'Das Senden von Nachrichten ist noch nicht verfügbar. Dein Text bleibt im Formular; schreib uns bis dahin bitte eine E-Mail.',
  'contact.error.rateLimited':
    'Du hast in kurzer Zeit mehrere Nachrichten gesendet. Bitte versuche es in ein paar Minuten erneut.',
  'contact.error.network': 'Netzwerkverbindung fehlgeschlagen. Bitte prüfe deine Internetverbindung.',
  'contact.error.generic': 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',

  'digitempel.title': 'Der Digitale Tempel',
  'digitempel.lead': 'Das Zuhause der digitalen Lehren.',
  'digitempel.text':
    'Kurse und Leitfäden, denen du in deinem eigenen Tempo folgst, die neuesten Texte für unterwegs und eine Community von Menschen auf demselben Weg.',
  'digitempel.toBlog': 'Alle Artikel',
  'digitempel.lessons.title': 'Die Lehren',
  'digitempel.lessons.lead':
    'Jede Lehre ist ein digitaler Kurs oder Leitfaden: einmal kaufen und zurückkehren, wann immer du willst.',
  'digitempel.lessons.all': 'Zur Kollektion',
  'digitempel.lessons.empty': 'Neue Lehren sind unterwegs. Schau dich so lange im Shop um.',
  'digitempel.lessons.toShop': 'Zum Shop',
  'digitempel.articles.title': 'Neueste Texte',
  'digitempel.articles.lead': 'Impulse zum Lesen vor oder nach einer Lektion.',
  'digitempel.community.title': 'Gemeinsam üben',
  'digitempel.community.text':
    'In der Community teilen Mitglieder, was sie entdecken, stellen Fragen und ermutigen einander.',
  'digitempel.community.go': 'Zur Community',

  'comingSoon.badge': 'Demnächst',
  'comingSoon.title': 'Plane deine Botschaft einmal. Lass sie alle erreichen.',
  'comingSoon.text':
    'Mit Timeline Alchemy wird aus einem Artikel ein Beitrag für Instagram, Facebook, X und LinkedIn, veröffentlicht in dem Moment, in dem dein Publikum zuhört.',
  'comingSoon.point1': 'Ein Ausgangstext, je Plattform angepasst',
  'comingSoon.point2': 'Prüfen und freigeben, bevor etwas veröffentlicht wird',
  'comingSoon.point3': 'Ein Kalender, der deine ganze Zeitleiste zeigt',
  'comingSoon.subscribe': 'Tritt dem Inner Circle bei und erfahre es zuerst',

  'notFound.title': 'Hoppla! Seite nicht gefunden',
  'notFound.text': 'Die gesuchte Seite existiert nicht oder wurde verschoben.',
  'notFound.home': 'Zurück zur Startseite',
};
