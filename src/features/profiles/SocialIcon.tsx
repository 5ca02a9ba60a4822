import { SOCIAL_ICONS_URL } from '~/components/social-icons.ts';
import type { Platform } from './social.ts';

/**
 * One platform's mark, 20 px, in the current colour: the footer's icon sprite
 * (src/components/social-icons.ts), so the marks are drawn once. Decorative: the link around it
 * names the platform for screen readers.
 */
export function SocialIcon({ platform }: { platform: Platform }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="currentColor"
      data-icon={platform}
    >
      <use href={`${SOCIAL_ICONS_URL}#${platform}`} />
    </svg>
  );
}
