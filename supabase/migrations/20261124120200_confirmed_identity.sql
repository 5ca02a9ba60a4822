-- Identity comes from confirmed facts only (issue 25, point 3). newsletter_my_status() matched the
-- account's e-mail even while it was unconfirmed, so signing up with (or changing one's account
-- address to) someone else's address read that person's subscription status. An address counts
-- only once its owner confirmed it: auth.users.email with email_confirmed_at set. During a
-- pending e-mail change GoTrue keeps the old, confirmed address in `email` and the new one in
-- `email_change` (applied only when confirmed), so the old address is the one used. Accounts
-- without a confirmed address answer 'none', like an address nobody subscribed.
create or replace function public.newsletter_my_status() returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select s.status from public.newsletter_subscribers s
     where lower(s.email) = (
       select lower(u.email) from auth.users u
        where u.id = (select auth.uid()) and u.email_confirmed_at is not null
          and u.email_confirmed_at <= now() and u.deleted_at is null)
  ), 'none')
  where (select auth.uid()) is not null
$$;
