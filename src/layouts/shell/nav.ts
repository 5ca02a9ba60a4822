import type { translator } from '~/i18n/t.ts';

/** The site's main sections, in order: the header's navigation and the footer's quick links. */
export const mainNav = (tr: ReturnType<typeof translator>) => [
  { href: '/', label: tr('nav.home') },
  { href: '/about', label: tr('nav.about') },
  { href: '/shop', label: tr('nav.shop') },
  { href: '/blog', label: tr('nav.blog') },
  { href: '/community', label: tr('nav.community') },
  { href: '/contact', label: tr('nav.contact') },
];
