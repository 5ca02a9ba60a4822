-- The demo's notifications were "written" before anyone could read them: count them as mailed,
-- so a fresh stack does not mail every seeded member about seeded events five minutes after it
-- starts (the same rule the notification-mail migration applied to rows that existed before it).
-- Everything that happens after the seed notifies and mails as usual.
update public.notifications set emailed_at = now() where emailed_at is null;
