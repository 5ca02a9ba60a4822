/**
 * How many days sent mails stay in the outbox before the scheduled upkeep deletes them
 * (public.run_upkeep): MAIL_OUTBOX_KEEP_DAYS, a whole number of days from 1 to 3650, default 30.
 * Failed mails are never deleted by age: admins read them (public.mail_outbox_failures).
 */
export function keepSentDays(env: Record<string, string | undefined>): number {
  const raw = env['MAIL_OUTBOX_KEEP_DAYS']?.trim();
  const days = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? days : 30;
}
