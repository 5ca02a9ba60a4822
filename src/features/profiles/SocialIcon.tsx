import type { Platform } from './social.ts';

/*
 * The platforms' marks, simplified, as inline SVG in the current colour (no icon package for six
 * glyphs). Decorative: the link around them names the platform for screen readers.
 */
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const MARKS: Record<Platform, React.ReactNode> = {
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" {...stroke} />
      <circle cx="12" cy="12" r="4" {...stroke} />
      <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" />
    </>
  ),
  twitter: (
    <>
      <path d="M4 4h4.2L20 20h-4.2z" fill="currentColor" />
      <path d="M19.5 4 4.5 20" {...stroke} strokeWidth={1.8} />
    </>
  ),
  linkedin: (
    <>
      <rect x="4" y="9.5" width="3.2" height="10.5" fill="currentColor" />
      <circle cx="5.6" cy="5.6" r="1.9" fill="currentColor" />
      <path
        d="M10 9.5h3.1v1.5c.6-1 1.8-1.8 3.5-1.8 2.6 0 3.4 1.7 3.4 4.4V20h-3.2v-5.7c0-1.4-.4-2.3-1.7-2.3-1.4 0-2 1-2 2.4V20H10z"
        fill="currentColor"
      />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" {...stroke} />
      <path d="M10 9v6l5-3z" fill="currentColor" />
    </>
  ),
  tiktok: (
    <>
      <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" {...stroke} />
      <path d="M14 3c.4 2.6 2.2 4.3 5 4.5" {...stroke} />
    </>
  ),
  facebook: (
    <path
      d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z"
      fill="currentColor"
    />
  ),
};

/** One platform's mark, 20 px, hidden from assistive technology. */
export function SocialIcon({ platform }: { platform: Platform }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" data-icon={platform}>
      {MARKS[platform]}
    </svg>
  );
}
