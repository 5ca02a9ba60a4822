import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bindMessages, type Tr } from '~/i18n/bind.ts';
import { messagesWithPrefix } from '~/i18n/t.ts';
import { SocialLinksList } from './SocialLinksList.tsx';

/* Issue 24: social links showed letter discs ("IG", "in", "f"), not the platforms' marks. */
describe('SocialLinksList', () => {
  const t = bindMessages(messagesWithPrefix('de', 'profiles.'), 'de') as Tr;
  const html = renderToStaticMarkup(
    createElement(SocialLinksList, {
      links: {
        instagram: 'https://instagram.com/anna',
        linkedin: 'https://linkedin.com/in/anna',
        facebook: 'https://facebook.com/anna',
      },
      name: 'Anna',
      t,
    }),
  );

  it('shows each platform as its icon, named for screen readers in the page language', () => {
    for (const platform of ['instagram', 'linkedin', 'facebook'])
      expect(html).toMatch(new RegExp(`<svg aria-hidden="true"[^>]*data-icon="${platform}"`));
    const visible = html.replace(/<span class="sr-only">[^<]*<\/span>/g, '').replace(/<[^>]+>/g, '');
    expect(visible).toBe('');
    expect(html).toContain(t('profiles.social.label', { platform: 'LinkedIn', name: 'Anna' }));
  });
});
