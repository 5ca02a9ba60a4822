import { linkify } from '~/lib/text/linkify.ts';

/**
 * Member-written text shown as text (React escapes it; never HTML), keeping line breaks, with
 * http(s) addresses as links that open in a new tab without handing over `window.opener`.
 */
export function LinkifiedText({
  text,
  className = '',
  as: Tag = 'p',
  linkClassName = 'text-violet underline',
}: {
  text: string;
  className?: string;
  /** `span` inside bubbles and other inline places; a paragraph by default. */
  as?: 'p' | 'span';
  linkClassName?: string;
}) {
  // Parts of one immutable text: their offset in it is a stable key.
  let offset = 0;
  const parts = linkify(text).map((part) => {
    const key = offset;
    offset += part.text.length;
    return { ...part, key };
  });
  return (
    <Tag className={`whitespace-pre-line wrap-anywhere ${className}`}>
      {parts.map((part) =>
        part.kind === 'link' ? (
          <a
            key={part.key}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={linkClassName}
          >
            {part.text}
          </a>
        ) : (
          <span key={part.key}>{part.text}</span>
        ),
      )}
    </Tag>
  );
}
