import { defineMessages } from '../define.ts';

/** Texts of the policies feature, in all three languages side by side. */
export const policiesMessages = defineMessages({
  en: {
    'policies.meta.privacy':
      'How Chosen Ones handles your personal data, who we share it with and what your rights are.',
    'policies.meta.refund':
      'Returns and refunds: 14 days to withdraw for physical products, and what applies to digital products.',
    'policies.meta.shipping':
      'Where we ship, delivery times and shipping costs in the Netherlands and the EU.',
    'policies.meta.terms': 'The terms that apply to orders, digital products and the Chosen Ones community.',
    'policies.notFound.title': 'Policy not found',
    'policies.notFound.text':
      'This policy is not available at the moment. Please contact us if you have a question.',
    'policies.otherPolicies': 'Other policies',
    'policies.contact': 'Questions? Contact us',
  },
  nl: {
    'policies.meta.privacy':
      'Hoe Chosen Ones met je persoonsgegevens omgaat, met wie we ze delen en welke rechten je hebt.',
    'policies.meta.refund':
      'Retourneren en terugbetalen: 14 dagen bedenktijd voor fysieke producten, en wat er geldt voor digitale producten.',
    'policies.meta.shipping':
      'Waar we naartoe verzenden, levertijden en verzendkosten in Nederland en de EU.',
    'policies.meta.terms':
      'De voorwaarden voor bestellingen, digitale producten en de Chosen Ones-community.',
    'policies.notFound.title': 'Beleid niet gevonden',
    'policies.notFound.text':
      'Dit beleid is op dit moment niet beschikbaar. Neem contact met ons op als je een vraag hebt.',
    'policies.otherPolicies': 'Ander beleid',
    'policies.contact': 'Vragen? Neem contact op',
  },
  de: {
    'policies.meta.privacy':
      'Wie Chosen Ones mit deinen personenbezogenen Daten umgeht, mit wem wir sie teilen und welche Rechte du hast.',
    'policies.meta.refund':
      'Rückgabe und Erstattung: 14 Tage Widerrufsrecht für physische Produkte und was für digitale Produkte gilt.',
    'policies.meta.shipping':
      'Wohin wir liefern, Lieferzeiten und Versandkosten in den Niederlanden und der EU.',
    'policies.meta.terms':
      'Die Bedingungen für Bestellungen, digitale Produkte und die Chosen-Ones-Community.',
    'policies.notFound.title': 'Richtlinie nicht gefunden',
    'policies.notFound.text':
      'Diese Richtlinie ist im Moment nicht verfügbar. Schreib uns gern, wenn du eine Frage hast.',
    'policies.otherPolicies': 'Weitere Richtlinien',
    'policies.contact': 'Fragen? Schreib uns',
  },
});
