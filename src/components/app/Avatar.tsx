type Props = { name: string; url?: string | null; size?: number; className?: string };

/** A member's picture, or their initials on a coloured disc when there is none (or it fails). */
export function Avatar({ name, url, size = 40, className = '' }: Props) {
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?';
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.38)) };
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={`shrink-0 rounded-full bg-lilac object-cover ${className}`}
        style={style}
        onError={(event) => {
          // A broken picture falls back to the initials' disc colour rather than a broken icon.
          event.currentTarget.removeAttribute('src');
        }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-lilac font-semibold text-violet-dark ${className}`}
      style={style}
    >
      {initials}
    </span>
  );
}
