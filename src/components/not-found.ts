import type { MessageKey } from '~/i18n/t.ts';

type NotFoundView = { title: MessageKey; text: MessageKey; action: MessageKey; href: string };

/**
 * What the not-found page says for an unknown address: an unknown collection or product gets the
 * shop's own message and a way back to the shop (SPEC.md section 8); anything else the general
 * 'Oops! Page not found' with a link home. `path` is without the language prefix.
 */
export function notFoundView(path: string): NotFoundView {
  if (path.startsWith('/shop/')) {
    return {
      title: 'collection.notFoundTitle',
      text: 'collection.notFoundDescription',
      action: 'collection.back',
      href: '/shop',
    };
  }
  if (path.startsWith('/product/') || path.startsWith('/products/')) {
    return {
      title: 'product.notFoundTitle',
      text: 'product.notFoundText',
      action: 'product.backToShop',
      href: '/shop',
    };
  }
  return { title: 'notFound.title', text: 'notFound.text', action: 'notFound.home', href: '/' };
}
