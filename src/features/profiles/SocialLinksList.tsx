import type { Tr } from '~/i18n/bind.ts';
import { SocialIcon } from './SocialIcon.tsx';
import { PLATFORM_NAMES, PLATFORMS, type SocialLinks } from './social.ts';

/** A member's social links as icons; each opens in a new tab without handing over the opener. */
export function SocialLinksList({ links, name, t }: { links: SocialLinks; name: string; t: Tr }) {
  const shown = PLATFORMS.filter((p) => links[p]);
  if (shown.length === 0) return <p className="text-sm text-ink/70">{t('profiles.social.none')}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map((platform) => (
        <li key={platform}>
          <a
            href={links[platform]}
            target="_blank"
            rel="noopener noreferrer"
            title={PLATFORM_NAMES[platform]}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-violet text-white hover:bg-violet-dark"
          >
            <SocialIcon platform={platform} />
            <span className="sr-only">
              {t('profiles.social.label', { platform: PLATFORM_NAMES[platform], name })}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
