export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and www. addresses; the text is never parsed as HTML.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Splits plain text into text and link parts. Only http and https links are made (a "www."
 * address becomes https), so javascript: or data: can never become a clickable href.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trailing.length);
    if (!raw) continue;
    const href = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
    let safe: URL | null = null;
    try {
      safe = new URL(href);
    } catch {
      safe = null;
    }
    if (!safe || (safe.protocol !== 'https:' && safe.protocol !== 'http:')) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href: safe.href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
