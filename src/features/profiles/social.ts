/** The six platforms a profile may link to, in the order they are shown. */
export const PLATFORMS = ['instagram', 'twitter', 'linkedin', 'youtube', 'tiktok', 'facebook'] as const;
export type Platform = (typeof PLATFORMS)[number];
export type SocialLinks = Partial<Record<Platform, string>>;

export const PLATFORM_NAMES: Record<Platform, string> = {
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  facebook: 'Facebook',
};

type Rule = {
  hosts: string[];
  /** The path of a profile address (without leading slash) -> canonical path, or null. */
  path: (path: string, search: URLSearchParams) => string | null;
  /** A bare handle (without @) -> canonical path, or null. */
  handle: (handle: string) => string | null;
  base: string;
};

const match = (re: RegExp, value: string, out: (m: RegExpExecArray) => string) => {
  const m = re.exec(value);
  return m ? out(m) : null;
};

const RULES: Record<Platform, Rule> = {
  instagram: {
    hosts: ['instagram.com'],
    base: 'https://www.instagram.com/',
    path: (p) => match(/^([A-Za-z0-9._]{1,30})\/?$/, p, (m) => m[1] ?? ''),
    handle: (h) => match(/^([A-Za-z0-9._]{1,30})$/, h, (m) => m[1] ?? ''),
  },
  twitter: {
    hosts: ['twitter.com', 'x.com'],
    base: 'https://x.com/',
    path: (p) => match(/^([A-Za-z0-9_]{1,15})\/?$/, p, (m) => m[1] ?? ''),
    handle: (h) => match(/^([A-Za-z0-9_]{1,15})$/, h, (m) => m[1] ?? ''),
  },
  linkedin: {
    hosts: ['linkedin.com'],
    base: 'https://www.linkedin.com/',
    path: (p) => match(/^(in|company)\/([A-Za-z0-9\-_%]{2,100})\/?$/, p, (m) => `${m[1]}/${m[2]}`),
    handle: (h) => match(/^([A-Za-z0-9\-_]{2,100})$/, h, (m) => `in/${m[1]}`),
  },
  youtube: {
    hosts: ['youtube.com'],
    base: 'https://www.youtube.com/',
    path: (p) =>
      match(
        /^(@[A-Za-z0-9._-]{3,30}|channel\/UC[A-Za-z0-9_-]{22}|c\/[A-Za-z0-9._-]{1,100}|user\/[A-Za-z0-9._-]{1,100})\/?$/,
        p,
        (m) => m[1] ?? '',
      ),
    handle: (h) => match(/^([A-Za-z0-9._-]{3,30})$/, h, (m) => `@${m[1]}`),
  },
  tiktok: {
    hosts: ['tiktok.com'],
    base: 'https://www.tiktok.com/',
    path: (p) => match(/^@([A-Za-z0-9._]{2,24})\/?$/, p, (m) => `@${m[1]}`),
    handle: (h) => match(/^([A-Za-z0-9._]{2,24})$/, h, (m) => `@${m[1]}`),
  },
  facebook: {
    hosts: ['facebook.com', 'fb.com'],
    base: 'https://www.facebook.com/',
    path: (p, search) => {
      if (p === 'profile.php')
        return match(/^(\d{5,20})$/, search.get('id') ?? '', (m) => `profile.php?id=${m[1]}`);
      return match(/^([A-Za-z0-9.]{5,50})\/?$/, p, (m) => m[1] ?? '');
    },
    handle: (h) => match(/^([A-Za-z0-9.]{5,50})$/, h, (m) => m[1] ?? ''),
  },
};

export type Normalized = { ok: true; url: string } | { ok: false };

/**
 * A URL or handle for a platform as the one canonical https URL, '' for empty input, or not ok.
 * Only the platform's own hosts pass, so a link can never point anywhere else.
 */
export function normalizeSocial(platform: Platform, input: string): Normalized {
  const value = input.trim();
  if (!value) return { ok: true, url: '' };
  const rule = RULES[platform];
  const looksLikeUrl = /^https?:\/\//i.test(value) || /^(www\.|m\.)?[a-z0-9-]+\.[a-z]{2,}\//i.test(value);
  if (looksLikeUrl) {
    let url: URL;
    try {
      url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    } catch {
      return { ok: false };
    }
    const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|mobile\.)/, '');
    if (!rule.hosts.includes(host) || url.username || url.password || url.port) return { ok: false };
    const path = rule.path(url.pathname.replace(/^\/+/, ''), url.searchParams);
    return path ? { ok: true, url: rule.base + path } : { ok: false };
  }
  const path = rule.handle(value.replace(/^@/, ''));
  return path ? { ok: true, url: rule.base + path } : { ok: false };
}

/**
 * Whatever is stored (any JSON) as the flat object of the six keys with URL strings that still
 * pass validation; anything else is dropped (SPEC.md 3: "defaults to empty object").
 */
export function readSocialLinks(value: unknown): SocialLinks {
  const out: SocialLinks = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const platform of PLATFORMS) {
    const raw = (value as Record<string, unknown>)[platform];
    if (typeof raw !== 'string') continue;
    const normalized = normalizeSocial(platform, raw);
    if (normalized.ok && normalized.url) out[platform] = normalized.url;
  }
  return out;
}
