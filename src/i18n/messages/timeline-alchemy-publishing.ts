import { defineMessages } from '../define.ts';

/** Texts of Timeline Alchemy's publishing to Facebook Pages, Instagram and LinkedIn organization pages (issue 27). */
export const timelineAlchemyPublishingMessages = defineMessages({
  en: {
    'ta.social.chooseLinkedIn.title': 'Whom should your LinkedIn posts come from?',
    'ta.social.chooseLinkedIn.member': 'your own profile',
    'ta.social.chooseLinkedIn.organization': 'an organization page you administer',
    'ta.social.chooseLinkedIn.pick': 'Post as {page}',
    'ta.social.chooseLinkedIn.expired': 'This choice has expired. Please connect LinkedIn again.',
    'ta.pub.organizationPage': 'organization page',
    'ta.social.viaFacebook':
      'Instagram business accounts connect through the Facebook Page they are linked to.',
    'ta.social.choose.title': 'Choose the Facebook Page to connect',
    'ta.social.choose.withInstagram': 'with Instagram @{username}',
    'ta.social.choose.noInstagram': 'no linked Instagram account',
    'ta.social.choose.pick': 'Connect {page}',
    'ta.social.choose.expired': 'This choice has expired. Please connect Facebook again.',
    'ta.social.noPages':
      'Your Facebook account manages no Page. Create a Page (and link your Instagram business account to it), then connect again.',
    'ta.pub.noImage': 'Instagram needs an image: add one to the preview.',
  },
  nl: {
    'ta.social.chooseLinkedIn.title': 'Van wie moeten je LinkedIn-berichten komen?',
    'ta.social.chooseLinkedIn.member': 'je eigen profiel',
    'ta.social.chooseLinkedIn.organization': 'een bedrijfspagina die je beheert',
    'ta.social.chooseLinkedIn.pick': 'Plaatsen als {page}',
    'ta.social.chooseLinkedIn.expired': 'Deze keuze is verlopen. Koppel LinkedIn opnieuw.',
    'ta.pub.organizationPage': 'bedrijfspagina',
    'ta.social.viaFacebook':
      'Instagram-bedrijfsaccounts koppel je via de Facebook-pagina waaraan ze gekoppeld zijn.',
    'ta.social.choose.title': 'Kies de Facebook-pagina om te koppelen',
    'ta.social.choose.withInstagram': 'met Instagram @{username}',
    'ta.social.choose.noInstagram': 'geen gekoppeld Instagram-account',
    'ta.social.choose.pick': '{page} koppelen',
    'ta.social.choose.expired': 'Deze keuze is verlopen. Koppel Facebook opnieuw.',
    'ta.social.noPages':
      'Je Facebook-account beheert geen pagina. Maak een pagina aan (en koppel je Instagram-bedrijfsaccount eraan) en koppel daarna opnieuw.',
    'ta.pub.noImage': 'Instagram heeft een afbeelding nodig: voeg er een toe aan de preview.',
  },
  de: {
    'ta.social.chooseLinkedIn.title': 'Von wem sollen deine LinkedIn-Beiträge kommen?',
    'ta.social.chooseLinkedIn.member': 'dein eigenes Profil',
    'ta.social.chooseLinkedIn.organization': 'eine Unternehmensseite, die du verwaltest',
    'ta.social.chooseLinkedIn.pick': 'Als {page} posten',
    'ta.social.chooseLinkedIn.expired': 'Diese Auswahl ist abgelaufen. Bitte verbinde LinkedIn erneut.',
    'ta.pub.organizationPage': 'Unternehmensseite',
    'ta.social.viaFacebook':
      'Instagram-Business-Konten verbindest du über die Facebook-Seite, mit der sie verknüpft sind.',
    'ta.social.choose.title': 'Wähle die Facebook-Seite, die du verbinden möchtest',
    'ta.social.choose.withInstagram': 'mit Instagram @{username}',
    'ta.social.choose.noInstagram': 'kein verknüpftes Instagram-Konto',
    'ta.social.choose.pick': '{page} verbinden',
    'ta.social.choose.expired': 'Diese Auswahl ist abgelaufen. Bitte verbinde Facebook erneut.',
    'ta.social.noPages':
      'Dein Facebook-Konto verwaltet keine Seite. Erstelle eine Seite (und verknüpfe dein Instagram-Business-Konto damit) und verbinde dann erneut.',
    'ta.pub.noImage': 'Instagram braucht ein Bild: Füge der Vorschau eines hinzu.',
  },
});
