/**
 * English core messages (layout and static pages). This dictionary defines the core keys; nl and
 * de must have every one of them (a missing key is a type error and fails `npm run i18n:check`).
 * Features keep their own messages in `src/features/<feature>/messages.ts`.
 */
export const en = {
  'a11y.skipLink': 'Skip to content',
  'a11y.newTab': '(opens in a new tab)',
  'a11y.imageUnavailable': 'Image not available',

  'nav.main': 'Main navigation',
  'nav.home': 'Home',
  'nav.about': 'About',
  'nav.shop': 'Shop',
  'nav.blog': 'Blog',
  'nav.community': 'Community',
  'nav.contact': 'Contact',
  'nav.login': 'Log in',
  'nav.logoHome': 'Chosen Ones, to the home page',
  'nav.menuOpen': 'Open menu',
  'nav.menuClose': 'Close menu',
  'nav.cart': 'Cart',
  'nav.cartCount.one': 'Cart, {count} item',
  'nav.cartCount.other': 'Cart, {count} items',

  'lang.switcher': 'Language',
  'lang.nl': 'Nederlands',
  'lang.en': 'English',
  'lang.de': 'Deutsch',

  'footer.tagline': 'Remember who you are. Tools, texts and a community for the path home to unity.',
  'footer.quickLinks': 'Quick links',
  'footer.shop': 'Shop',
  'footer.allClothing': 'All clothing',
  'footer.digitalProducts': 'Digital products',
  'footer.otherMerch': 'Other merchandise',
  'footer.legal': 'Legal',
  'footer.privacy': 'Privacy policy',
  'footer.terms': 'Terms of service',
  'footer.shipping': 'Shipping policy',
  'footer.refund': 'Refund policy',
  'footer.contact': 'Contact',
  'footer.follow': 'Follow us',
  'footer.followOn': 'Chosen Ones on {network}',
  'footer.directPath': 'The Direct Path',
  'footer.timelineAlchemy': 'Timeline Alchemy',
  'footer.rights': '© {year} Chosen Ones. All rights reserved.',

  'meta.home.title': 'Chosen Ones: remember who you are',
  'meta.home.description':
    'Digital teachings, conscious clothing and a community of seekers on the path back to unity.',
  'meta.about.title': 'About us',
  'meta.about.description': 'Who we are, why we do this work and what the Chosen Ones community stands for.',
  'meta.contact.title': 'Contact',
  'meta.contact.description':
    'Questions about an order, a product or the community? We reply within 24 hours.',
  'meta.digitempel.title': 'Digital Temple',
  'meta.digitempel.description':
    'The Digital Temple: the home of the digital teachings, the latest writings and the way into the community.',
  'meta.comingSoon.title': 'Coming soon: Timeline Alchemy scheduling',
  'meta.comingSoon.description':
    'Plan and publish your spiritual content across every channel. Join the Inner Circle to hear first.',
  'meta.notFound.title': 'Page not found',
  'meta.notFound.description': 'This page does not exist (any more).',

  'home.hero.title': 'Remember who you are',
  'home.hero.subtitle':
    'Teachings, tools and a living community for everyone who senses there is more than the ego shows.',
  'home.hero.ctaTemple': 'Enter the Digital Temple',
  'home.hero.ctaBlog': 'Read the blog',
  'home.blurb.seals.title': '7 Sacred Seals',
  'home.blurb.seals.text': 'Seven gateways of consciousness, opened one by one through practice.',
  'home.blurb.potential.title': 'Infinite potential',
  'home.blurb.potential.text': 'What you seek is already within you, waiting to be recognised.',
  'home.blurb.unity.title': '1 Unity',
  'home.blurb.unity.text': 'Beneath every difference lies one consciousness that connects us all.',
  'home.members': 'Join more than 144,000 members on the path.',

  'about.title': 'About Chosen Ones',
  'about.lead':
    'Chosen Ones began as a small circle of friends who met every week to study, meditate and share what they had seen. It grew into a home for seekers across the Netherlands and far beyond.',
  'about.missionTitle': 'Our mission',
  'about.mission':
    'We make deep spiritual teachings practical and accessible: in clear texts, in digital courses you can follow at your own pace, and in a community where honest questions are welcome.',
  'about.valuesTitle': 'What we stand for',
  'about.value1': 'Direct experience over belief: try it, feel it, verify it yourself.',
  'about.value2': 'Unity without uniformity: every path is honoured.',
  'about.value3': 'Care for people and planet: our clothing is made with organic cotton and fair labour.',
  'about.closing': 'Whether you are just starting or have walked the path for years, you are welcome here.',

  'contact.title': 'Contact',
  'contact.lead':
    'Questions about an order, a product or the community? Write to us. We reply within 24 hours.',
  'contact.detailsTitle': 'Contact details',
  'contact.emailLabel': 'E-mail',
  'contact.phoneLabel': 'Phone',
  'contact.addressLabel': 'Postal address',
  'contact.country': 'The Netherlands',
  'contact.hoursTitle': 'Opening hours',
  'contact.hoursWeekdays': 'Monday to Friday, 9:00 to 17:00',
  'contact.hoursWeekend': 'Weekends by appointment',
  'contact.formTitle': 'Send us a message',
  'contact.firstName': 'First name',
  'contact.lastName': 'Last name',
  'contact.email': 'E-mail address',
  'contact.subject': 'Subject',
  'contact.message': 'Message',
  'contact.required': 'required',
  'contact.submit': 'Send message',
  'contact.sending': 'Sending…',
  'contact.sent': 'Thank you! Your message has been sent. We will reply within 24 hours.',
  'contact.error.required': 'Please fill in this field.',
  'contact.error.email': 'Please enter a valid e-mail address.',
  'contact.error.tooLong': 'This text is too long.',
  'contact.error.invalid': 'Some fields are not filled in correctly. Please check the form.',
  'contact.error.notAvailable':
    'Sending messages is not available yet. Your text is still in the form; please e-mail us in the meantime.',
  'contact.error.rateLimited':
    'You have sent several messages in a short time. Please try again in a few minutes.',
  'contact.error.network': 'Network connection failed. Please check your internet connection.',
  'contact.error.generic': 'Something went wrong. Please try again.',

  'digitempel.title': 'The Digital Temple',
  'digitempel.lead': 'The home of the digital teachings.',
  'digitempel.text':
    'Courses and guides to follow at your own pace, the latest writings to read along the way, and a community of people walking the same path.',
  'digitempel.toBlog': 'All articles',
  'digitempel.lessons.title': 'The teachings',
  'digitempel.lessons.lead':
    'Each teaching is a digital course or guide: buy it once and return to it whenever you like.',
  'digitempel.lessons.all': 'View the collection',
  'digitempel.lessons.empty': 'New teachings are on their way. Meanwhile, have a look in the shop.',
  'digitempel.lessons.toShop': 'Go to the shop',
  'digitempel.articles.title': 'Latest writings',
  'digitempel.articles.lead': 'Reflections to read before or after a lesson.',
  'digitempel.community.title': 'Practise together',
  'digitempel.community.text':
    'In the community members share what they discover, ask questions and encourage each other.',
  'digitempel.community.go': 'Go to the community',

  'comingSoon.badge': 'Coming soon',
  'comingSoon.title': 'Plan your message once. Let it reach everyone.',
  'comingSoon.text':
    'Timeline Alchemy scheduling turns one article into posts for Instagram, Facebook, X and LinkedIn, and publishes them at the moment your audience is listening.',
  'comingSoon.point1': 'One source text, adapted per platform',
  'comingSoon.point2': 'Review and approve before anything goes out',
  'comingSoon.point3': 'A calendar that shows your whole timeline',
  'comingSoon.subscribe': 'Join the Inner Circle to hear first',

  'notFound.title': 'Oops! Page not found',
  'notFound.text': 'The page you are looking for does not exist or has moved.',
  'notFound.home': 'Back to the home page',
} as const satisfies Record<string, string>;

/** Every language's core dictionary has exactly the English core keys. */
export type Dictionary = Record<keyof typeof en, string>;
