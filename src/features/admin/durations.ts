/** The suspension lengths an admin picks from; `indefinite` lasts until lifted. */
export const DURATIONS = ['1d', '7d', '30d', 'indefinite'] as const;
export type Duration = (typeof DURATIONS)[number];

/**
 * GoTrue's ban_duration in hours. GoTrue has no "forever": an indefinite suspension is a ban of
 * 100 years (876000h), while the database keeps `until` empty so it reads as "until lifted".
 */
export const BAN_HOURS: Record<Duration, number> = { '1d': 24, '7d': 168, '30d': 720, indefinite: 876_000 };
