/** Facts about the business that appear on several pages; one source for each. */
export const site = {
  name: 'Chosen Ones',
  email: 'hallo@chosenones.nl',
  phone: '+31 20 123 4567',
  phoneHref: 'tel:+31201234567',
  address: {
    street: 'Keizersgracht 123',
    postalCode: '1015 CJ',
    city: 'Amsterdam',
    country: 'NL',
  },
  social: [
    { id: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/chosenones' },
    { id: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/chosenones' },
    { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@chosenones' },
    { id: 'tiktok', label: 'TikTok', href: 'https://www.tiktok.com/@chosenones' },
    { id: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/chosenones' },
  ],
} as const;
