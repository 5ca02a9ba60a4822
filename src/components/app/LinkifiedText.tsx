import { linkify } from '~/lib/text/linkify.ts';

/**
 * Member-written text shown as text (React escapes it; never HTML), keeping line breaks, with
 * http(s) addresses as links that open in a new tab without handing over `window.opener`.
 */
export function LinkifiedText({ text, className = '' }: { text: string; className?: string }) {
  // Parts of one immutable text: their offset in it is a stable key.
  let offset = 0;
  const parts = linkify(text).map((part) => {
    const key = offset;
    offset += part.text.length;
    return { ...part, key };
  });
  return (
    <p className={`whitespace-pre-line break-words ${className}`}>
      {parts.map((part) =>
        part.kind === 'link' ? (
          <a
            key={part.key}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="text-violet underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={part.key}>{part.text}</span>
        ),
      )}
    </p>
  );
}
