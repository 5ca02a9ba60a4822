import { linkify } from './linkify.ts';

/**
 * User-written text shown as text, never as HTML: line breaks kept, http(s) links made clickable
 * (new tab, no referrer or opener). React escapes everything else.
 */
export function PlainText({ text, className = '' }: { text: string; className?: string }) {
  let offset = 0;
  const parts = linkify(text).map((part) => {
    const key = offset;
    offset += part.text.length;
    return { ...part, key };
  });
  return (
    <span className={`whitespace-pre-wrap break-words ${className}`}>
      {parts.map((part) =>
        part.kind === 'link' ? (
          <a
            key={part.key}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={part.key}>{part.text}</span>
        ),
      )}
    </span>
  );
}
