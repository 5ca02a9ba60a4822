-- A lifted suspension is heard live too (issue 21, point 5). public.lift_suspension deletes the
-- member's row of public.member_suspensions, and the trigger of
-- 20261126030100_scheduled_upkeep.sql fired only on insert and update: an open feed heard the
-- suspension (the content went) but not its end (the content came back only on reload). The same
-- anonymous event now follows a delete as well; the feed reads again through RLS what it covers
-- (src/features/community/feed-changes.ts), which brings the member's content back in place.
drop trigger member_suspensions_event on public.member_suspensions;
create trigger member_suspensions_event after insert or update or delete on public.member_suspensions
  for each statement execute function private.suspension_event();
