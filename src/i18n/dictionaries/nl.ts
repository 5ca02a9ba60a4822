import type { Dictionary } from './en.ts';

/** Dutch messages (the default language). */
export const nl: Dictionary = {
  'a11y.skipLink': 'Naar de inhoud',
  'a11y.newTab': '(opent in een nieuw tabblad)',
  'a11y.imageUnavailable': 'Afbeelding niet beschikbaar',

  'nav.main': 'Hoofdnavigatie',
  'nav.home': 'Home',
  'nav.about': 'Over ons',
  'nav.shop': 'Winkel',
  'nav.blog': 'Blog',
  'nav.community': 'Community',
  'nav.contact': 'Contact',
  'nav.login': 'Inloggen',
  'nav.logoHome': 'Chosen Ones, naar de homepagina',
  'nav.menuOpen': 'Menu openen',
  'nav.menuClose': 'Menu sluiten',
  'nav.cart': 'Winkelwagen',
  'nav.cartCount.one': 'Winkelwagen, {count} artikel',
  'nav.cartCount.other': 'Winkelwagen, {count} artikelen',

  'lang.switcher': 'Taal',
  'lang.nl': 'Nederlands',
  'lang.en': 'English',
  'lang.de': 'Deutsch',

  'footer.tagline':
    'Herinner je wie je bent. Inzichten, teksten en een gemeenschap voor de weg terug naar eenheid.',
  'footer.quickLinks': 'Snelle links',
  'footer.shop': 'Winkel',
  'footer.allClothing': 'Alle kleding',
  'footer.digitalProducts': 'Digitale producten',
  'footer.otherMerch': 'Andere merchandise',
  'footer.legal': 'Juridisch',
  'footer.privacy': 'Privacybeleid',
  'footer.terms': 'Algemene voorwaarden',
  'footer.shipping': 'Verzendbeleid',
  'footer.refund': 'Retourbeleid',
  'footer.contact': 'Contact',
  'footer.follow': 'Volg ons',
  'footer.followOn': 'Chosen Ones op {network}',
  'footer.directPath': 'Het Directe Pad',
  'footer.timelineAlchemy': 'Timeline Alchemy',
  'footer.rights': '© {year} Chosen Ones. Alle rechten voorbehouden.',

  'meta.home.title': 'Chosen Ones: herinner je wie je bent',
  'meta.home.description':
    'Digitale lessen, bewuste kleding en een gemeenschap van zoekers op de weg terug naar eenheid.',
  'meta.about.title': 'Over ons',
  'meta.about.description':
    'Wie we zijn, waarom we dit werk doen en waar de Chosen Ones-gemeenschap voor staat.',
  'meta.contact.title': 'Contact',
  'meta.contact.description':
    'Vragen over een bestelling, een product of de community? We antwoorden binnen 24 uur.',
  'meta.digitempel.title': 'Digitempel',
  'meta.digitempel.description':
    'De Digitempel: het thuis van de digitale lessen, de nieuwste artikelen en de weg naar de community.',
  'meta.comingSoon.title': 'Binnenkort: plannen met Timeline Alchemy',
  'meta.comingSoon.description':
    'Plan en publiceer je spirituele content op elk kanaal. Word lid van de Inner Circle en hoor het als eerste.',
  'meta.notFound.title': 'Pagina niet gevonden',
  'meta.notFound.description': 'Deze pagina bestaat niet (meer).',

  'home.hero.title': 'Herinner je wie je bent',
  'home.hero.subtitle':
    'Lessen, hulpmiddelen en een levende gemeenschap voor iedereen die voelt dat er meer is dan het ego laat zien.',
  'home.hero.ctaTemple': 'Betreed de Digitempel',
  'home.hero.ctaBlog': 'Lees het blog',
  'home.blurb.seals.title': '7 Heilige Zegels',
  'home.blurb.seals.text': 'Zeven poorten van bewustzijn, één voor één geopend door oefening.',
  'home.blurb.potential.title': 'Oneindig potentieel',
  'home.blurb.potential.text': 'Wat je zoekt is al in je, en wacht erop herkend te worden.',
  'home.blurb.unity.title': '1 Eenheid',
  'home.blurb.unity.text': 'Onder elk verschil ligt één bewustzijn dat ons allemaal verbindt.',
  'home.members': 'Sluit je aan bij meer dan 144.000 leden op het pad.',

  'about.title': 'Over Chosen Ones',
  'about.lead':
    'Chosen Ones begon als een kleine vriendenkring die elke week samenkwam om te studeren, te mediteren en te delen wat ze hadden gezien. Het groeide uit tot een thuis voor zoekers in heel Nederland en ver daarbuiten.',
  'about.missionTitle': 'Onze missie',
  'about.mission':
    'We maken diepe spirituele lessen praktisch en toegankelijk: in heldere teksten, in digitale cursussen die je in je eigen tempo volgt, en in een gemeenschap waar eerlijke vragen welkom zijn.',
  'about.valuesTitle': 'Waar we voor staan',
  'about.value1': 'Directe ervaring boven geloof: probeer het, voel het, toets het zelf.',
  'about.value2': 'Eenheid zonder eenvormigheid: elk pad wordt geëerd.',
  'about.value3':
    'Zorg voor mens en planeet: onze kleding is gemaakt van biologisch katoen met eerlijke arbeid.',
  'about.closing': 'Of je nu net begint of al jaren op het pad bent: je bent hier welkom.',

  'contact.title': 'Contact',
  'contact.lead':
    'Vragen over een bestelling, een product of de community? Schrijf ons. We antwoorden binnen 24 uur.',
  'contact.detailsTitle': 'Contactgegevens',
  'contact.emailLabel': 'E-mail',
  'contact.phoneLabel': 'Telefoon',
  'contact.addressLabel': 'Postadres',
  'contact.country': 'Nederland',
  'contact.hoursTitle': 'Openingstijden',
  'contact.hoursWeekdays': 'Maandag tot en met vrijdag, 9:00 tot 17:00',
  'contact.hoursWeekend': 'Weekenden op afspraak',
  'contact.formTitle': 'Stuur ons een bericht',
  'contact.firstName': 'Voornaam',
  'contact.lastName': 'Achternaam',
  'contact.email': 'E-mailadres',
  'contact.subject': 'Onderwerp',
  'contact.message': 'Bericht',
  'contact.required': 'verplicht',
  'contact.submit': 'Bericht versturen',
  'contact.sending': 'Versturen…',
  'contact.sent': 'Dank je wel! Je bericht is verstuurd. We antwoorden binnen 24 uur.',
  'contact.error.required': 'Vul dit veld in.',
  'contact.error.email': 'Vul een geldig e-mailadres in.',
  'contact.error.tooLong': 'Deze tekst is te lang.',
  'contact.error.invalid': 'Sommige velden zijn niet goed ingevuld. Controleer het formulier.',
  'contact.error.notAvailable':
    'Berichten versturen is nog niet beschikbaar. Je tekst staat nog in het formulier; mail ons in de tussentijd.',
  'contact.error.rateLimited':
    'Je hebt in korte tijd meerdere berichten gestuurd. Probeer het over een paar minuten opnieuw.',
  'contact.error.network': 'Netwerkverbinding mislukt. Controleer je internetverbinding.',
  'contact.error.generic': 'Er ging iets mis. Probeer het opnieuw.',

  'digitempel.title': 'De Digitempel',
  'digitempel.lead': 'Het thuis van de digitale lessen.',
  'digitempel.text':
    'Cursussen en gidsen die je in je eigen tempo volgt, de nieuwste artikelen om onderweg te lezen en een community van mensen die dezelfde weg gaan.',
  'digitempel.toBlog': 'Alle artikelen',
  'digitempel.lessons.title': 'De lessen',
  'digitempel.lessons.lead':
    'Elke les is een digitale cursus of gids: je koopt hem één keer en keert er terug wanneer je wilt.',
  'digitempel.lessons.all': 'Bekijk de collectie',
  'digitempel.lessons.empty': 'Er komen nieuwe lessen aan. Kijk intussen eens in de winkel.',
  'digitempel.lessons.toShop': 'Naar de winkel',
  'digitempel.articles.title': 'Nieuwste artikelen',
  'digitempel.articles.lead': 'Overdenkingen om voor of na een les te lezen.',
  'digitempel.community.title': 'Samen oefenen',
  'digitempel.community.text':
    'In de community delen leden wat ze ontdekken, stellen ze vragen en moedigen ze elkaar aan.',
  'digitempel.community.go': 'Naar de community',

  'comingSoon.badge': 'Binnenkort',
  'comingSoon.title': 'Plan je boodschap één keer. Laat haar iedereen bereiken.',
  'comingSoon.text':
    'Met Timeline Alchemy maak je van één artikel berichten voor Instagram, Facebook, X en LinkedIn, gepubliceerd op het moment dat je publiek luistert.',
  'comingSoon.point1': 'Eén brontekst, aangepast per platform',
  'comingSoon.point2': 'Bekijken en goedkeuren voordat er iets uitgaat',
  'comingSoon.point3': 'Een kalender die je hele tijdlijn laat zien',
  'comingSoon.subscribe': 'Word lid van de Inner Circle en hoor het als eerste',

  'notFound.title': 'Oeps! Pagina niet gevonden',
  'notFound.text': 'De pagina die je zoekt bestaat niet of is verplaatst.',
  'notFound.home': 'Terug naar de homepagina',
};
