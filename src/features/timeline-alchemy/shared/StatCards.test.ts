import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatCards } from './StatCards.tsx';

/* Issue 24: the stat cards printed `15690` beside a text's `12.480`. */
describe('StatCards', () => {
  const html = (lang: 'nl' | 'en' | 'de') =>
    renderToStaticMarkup(
      createElement(StatCards, { lang, items: [{ key: 'followers', label: 'Volgers', value: 15690 }] }),
    );

  it('writes its numbers in the page language', () => {
    expect(html('nl')).toContain('>15.690<');
    expect(html('de')).toContain('>15.690<');
    expect(html('en')).toContain('>15,690<');
  });
});
