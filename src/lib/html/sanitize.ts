import sanitizeHtml from 'sanitize-html';

/*
 * Merchant HTML (product, collection, article and policy bodies from the storefront) is rendered
 * with set:html at build time. The merchant is trusted-ish, but the HTML passes through Shopify's
 * rich-text editor, apps and translation tools, so we allow only the formatting a body needs and
 * drop everything that can run code: scripts, styles, event handlers, iframes, and links to
 * javascript:/data: URLs. Member-written text never comes here: it is always rendered as text.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
    'abbr',
    'time',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'hreflang', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'title', 'loading', 'decoding'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    time: ['datetime'],
    ol: ['start', 'reversed'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  // An h1 in a body would compete with the page's own title: demote it.
  transformTags: {
    h1: 'h2',
    // Links that open a new tab must not hand the opener to the other page.
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      else delete next.target;
      return { tagName, attribs: next };
    },
    // Merchant images are below the title: never let them compete for the first paint.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  // Keep the text of removed wrappers (font, center) but drop the content of code-bearing tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
};

/** Sanitizes HTML that came from the storefront (merchant content) for rendering with set:html. */
export function sanitizeMerchantHtml(html: string | null | undefined): string {
  // Stryker disable next-line ConditionalExpression: sanitize-html also answers '' for null and '', the guard only saves the call
  if (!html) return '';
  return sanitizeHtml(html, options).trim();
}
