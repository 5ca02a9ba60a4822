import type { Topic } from '~/features/notifications/index.ts';
import { asLocale, type Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';

/*
 * Every query of the account page (docs/architecture.md: one data module per feature; the
 * sections call these, never `db.from()` / `.rpc()`).
 */

/** The stored language of one's mails, or null when none is stored yet (or it could not be read). */
export async function readMailLocale(db: TypedSupabaseClient, me: string): Promise<Locale | null> {
  const { data } = await db.from('account_settings').select('mail_locale').eq('profile_id', me).maybeSingle();
  return asLocale(data?.mail_locale) ?? null;
}

/**
 * Saves the language of one's mails: set_my_mail_locale() (private.mail_locale() reads it for every
 * mail) and the user metadata's `locale`, which hosted GoTrue's templates read (`{{ .Data.locale }}`,
 * README "Accounts"). The first error, or null.
 */
export async function saveMailLocale(db: TypedSupabaseClient, locale: Locale) {
  const saved = await db.rpc('set_my_mail_locale', { locale });
  return saved.error ?? (await db.auth.updateUser({ data: { locale } })).error ?? null;
}

// The e-mail modes of public.my_notification_preferences() (migration
// 20261126010000_notification_preferences.sql).
export const MODES = ['instant', 'digest', 'off'] as const;
export type Mode = (typeof MODES)[number];
export type Choice = { topic: Topic; in_app: boolean; email: Mode };
export type Preferences = { topics: Choice[]; paused_until: string | null; time_zone: string | null };
type Answer = { preferences: Preferences | null; error: unknown };

/** The functions' answer as preferences (null when it is not their shape). */
function answer({ data, error }: { data: unknown; error: unknown }): Answer {
  const v = (data ?? {}) as Partial<Preferences>;
  const preferences = Array.isArray(v.topics)
    ? { topics: v.topics, paused_until: v.paused_until ?? null, time_zone: v.time_zone ?? null }
    : null;
  return { preferences, error };
}

/** One's notification preferences, defaults filled in (public.my_notification_preferences()). */
export async function readNotificationPreferences(db: TypedSupabaseClient): Promise<Answer> {
  return answer(await db.rpc('my_notification_preferences'));
}

/** Saves the topics' choices, and the digest's time zone first when it changed. */
export async function saveNotificationPreferences(
  db: TypedSupabaseClient,
  choices: Choice[],
  zone: { chosen: string; saved: string | null },
): Promise<Answer> {
  if (zone.chosen !== zone.saved) {
    const stored = await db.rpc('set_my_time_zone', { time_zone: zone.chosen });
    if (stored.error) return { preferences: null, error: stored.error };
  }
  return answer(await db.rpc('set_my_notification_preferences', { topics: choices }));
}

/** Pauses all notification mail for `days` (1..30); 0 resumes. */
export async function pauseNotificationMail(db: TypedSupabaseClient, days: number): Promise<Answer> {
  return answer(await db.rpc('pause_my_notification_mail', { days }));
}
