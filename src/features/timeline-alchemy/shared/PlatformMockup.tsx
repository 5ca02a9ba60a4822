import { foldText, type Platform } from '../platforms.ts';

type Props = {
  platform: Platform;
  /** The platform's name in the page's language (platformName). */
  label: string;
  text: string;
  image: string | null;
  name: string;
  seeMore: string;
};

const FRAME: Record<Platform, string> = {
  Facebook: 'border-t-4 border-t-[#1877f2]',
  Instagram: 'border-t-4 border-t-[#d62976]',
  'X (Twitter)': 'border-t-4 border-t-black',
  LinkedIn: 'border-t-4 border-t-[#0a66c2]',
  'Blog Post': 'border-t-4 border-t-ink/60',
  'Custom Post': 'border-t-4 border-t-ink/30',
};

/** How the post will look in the platform's feed: avatar, name, text up to the fold, image crop. */
export function PlatformMockup({ platform, label, text, image, name, seeMore }: Props) {
  const { shown, hidden } = foldText(platform, text);
  const square = platform === 'Instagram';
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const imageBlock = image ? (
    <img
      src={image}
      alt=""
      loading="lazy"
      className={`w-full bg-ink/5 object-cover ${square ? 'aspect-square' : 'aspect-[1.91/1]'}`}
      onError={(e) => {
        e.currentTarget.hidden = true;
      }}
    />
  ) : null;
  return (
    <figure
      className={`overflow-hidden rounded-xl bg-white text-sm shadow-sm ring-1 ring-ink/10 ${FRAME[platform]}`}
    >
      <figcaption className="flex items-center gap-2 px-3 py-2">
        <span
          aria-hidden="true"
          className="grid h-8 w-8 place-items-center rounded-full bg-night text-xs text-white"
        >
          {initials}
        </span>
        <span className="min-w-0 truncate font-semibold">{name}</span>
        <span className="ml-auto shrink-0 text-xs text-ink/60">{label}</span>
      </figcaption>
      {square ? imageBlock : null}
      <p className="whitespace-pre-wrap break-words px-3 py-2">
        {shown}
        {hidden ? <span className="text-ink/60"> {seeMore}</span> : null}
      </p>
      {square ? null : imageBlock}
    </figure>
  );
}
