import { describe, expect, it } from 'vitest';
import { bindMessages, type Lookup } from './bind.ts';
import { messagesWithPrefix } from './t.ts';

describe('bindMessages', () => {
  it('looks texts up by key in their language, with params and counted forms', () => {
    const t = bindMessages(messagesWithPrefix('de', 'nav.'), 'de');
    expect(t('nav.cart')).toBe('Warenkorb');
    expect(t('nav.cartCount', { count: 1 })).toBe('Warenkorb, 1 Artikel');
    expect(t('nav.cartCount', { count: 3 })).toBe('Warenkorb, 3 Artikel');
    const en = bindMessages(messagesWithPrefix('en', 'nav.'), 'en');
    expect(en('nav.cartCount', { count: 12000 })).toBe('Cart, 12,000 items');
  });

  it('shows the key for a text the page did not hand over (and types forbid asking for it)', () => {
    const t = bindMessages(messagesWithPrefix('en', 'nav.'), 'en');
    // @ts-expect-error: 'footer.rights' is not among the texts bound here.
    expect(t('footer.rights')).toBe('footer.rights');
    const all: Lookup = bindMessages(messagesWithPrefix('en', ''), 'en');
    // @ts-expect-error: no such key in any dictionary.
    expect(all('nav.nope')).toBe('nav.nope');
  });
});
