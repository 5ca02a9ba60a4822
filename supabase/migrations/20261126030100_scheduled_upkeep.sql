-- Scheduled upkeep in one place (issues 21 and 22): public.run_upkeep(), called with the service
-- role by the same schedule that publishes due previews (netlify/functions/publish-previews.mts
-- every 5 minutes in production, supabase/local/publish-timer.ts locally). Each task records when
-- it last ran in private.upkeep_runs, so daily tasks run once a day however often the schedule
-- calls; the review-link reminder runs on every call (it is one indexed query).
--
-- Tasks:
-- * daily: public.newsletter_purge_erased() (retention of the pseudonymised consent proof);
-- * daily: sent mail_outbox rows older than p_keep_sent_days (MAIL_OUTBOX_KEEP_DAYS, default 30)
--   go; failed rows stay for the admins (public.mail_outbox_failures), unsent ones are still due;
-- * daily: counters the rate limits no longer look at (private.rate_events older than its 1-hour
--   window, private.message_sends older than its 1-minute window): each member's own rows were
--   only pruned when that member acted again, so a member who went quiet kept theirs forever;
-- * every call: review links that expire within 24 hours notify the admin who made the link and
--   the client, once per link (preview_review_links.expiry_notified_at).
-- Also here: public.suspension_events, the live signal of a suspension (below), which the daily
-- task keeps for a day.

create table private.upkeep_runs (
  task text primary key,
  last_run_at timestamptz not null
);
revoke all on private.upkeep_runs from public, anon, authenticated;

-- True (and recorded) when `task` last ran longer than `every` ago; false otherwise. The row lock
-- makes two overlapping schedules run a task once.
create function private.upkeep_due(task text, every interval) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  claimed text;
begin
  insert into private.upkeep_runs as r (task, last_run_at) values (upkeep_due.task, now())
  on conflict on constraint upkeep_runs_pkey do update set last_run_at = now()
   where r.last_run_at <= now() - upkeep_due.every
  returning r.task into claimed;
  return claimed is not null;
end $$;

-- For the outbox clean-up: sent rows by age.
create index mail_outbox_sent_idx on private.mail_outbox (sent_at) where sent_at is not null;

-- A review link's reminder is sent once.
alter table public.preview_review_links add column expiry_notified_at timestamptz;
create index preview_review_links_expiring_idx on public.preview_review_links (expires_at)
  where revoked_at is null and expiry_notified_at is null;

-- The new kind. Rebuilt from the constraint as it stands, so kinds other migrations add (before or
-- after this one) are kept whatever order they apply in.
do $$
declare
  def text;
begin
  select pg_catalog.pg_get_constraintdef(c.oid) into def from pg_catalog.pg_constraint c
   where c.conrelid = 'public.notifications'::regclass and c.conname = 'notifications_kind';
  if def is not null and position('''review_link_expiring''' in def) = 0 then
    alter table public.notifications drop constraint notifications_kind;
    execute 'alter table public.notifications add constraint notifications_kind '
      || replace(def, 'ARRAY[', 'ARRAY[''review_link_expiring''::text, ');
  end if;
end $$;

-- Links that expire within `within` and have not been announced: one notification to the admin
-- who made it and one to the client (through private.notify, as every notification), then the
-- link is marked. Links of deleted clients are revoked and so skipped. Returns how many links.
create function private.notify_expiring_review_links(within interval default interval '24 hours')
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  link record;
  done integer := 0;
begin
  for link in
    update public.preview_review_links l set expiry_notified_at = now()
     where l.revoked_at is null and l.expiry_notified_at is null
       and l.expires_at > now() and l.expires_at <= now() + within
    returning l.id, l.client_id, l.created_by, l.expires_at
  loop
    perform private.notify(
      array(select p.user_id from public.profiles p where p.user_id = link.created_by),
      'review_link_expiring', 'review_link_expiring:' || link.id, null,
      p_other => (select p.user_id from public.profiles p where p.user_id = link.client_id),
      p_data => jsonb_build_object('link_id', link.id, 'expires_at', link.expires_at, 'for', 'admin',
        'client', (select c.name from public.clients c where c.profile_id = link.client_id)));
    perform private.notify(
      array(select p.user_id from public.profiles p where p.user_id = link.client_id),
      'review_link_expiring', 'review_link_expiring:' || link.id, null,
      p_data => jsonb_build_object('link_id', link.id, 'expires_at', link.expires_at, 'for', 'client'));
    done := done + 1;
  end loop;
  return done;
end $$;

-- Suspension live (issue 21, point 5) ----------------------------------------------------------
-- A suspension hides the member's posts, comments, likes and profile from others (the policies of
-- 20261125003000_suspension_audit.sql), but changes no row others may read, so an open feed hears
-- nothing. As with hidden_content, the moment is written down as a row of its own that members
-- hear through postgres_changes; it carries no id of anyone (who is suspended stays the admins'
-- business), only "visibility changed": the feed then reads what it shows again through RLS.
-- run_upkeep() keeps a day of them.
create table public.suspension_events (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now()
);
alter table public.suspension_events enable row level security;
create policy "members hear that a suspension happened" on public.suspension_events
  for select to authenticated using (true);
revoke insert, update, delete, truncate on public.suspension_events from anon, authenticated;
revoke all on public.suspension_events from anon;
-- Server-owned timestamps, as on every table (the only writer is the definer trigger below).
create trigger suspension_events_server_timestamps before insert or update on public.suspension_events
  for each row execute function private.server_timestamps();

create function private.suspension_event() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.suspension_events default values;
  return null;
end $$;
revoke execute on function private.suspension_event() from public, anon, authenticated;
create trigger member_suspensions_event after insert or update on public.member_suspensions
  for each statement execute function private.suspension_event();

alter publication supabase_realtime add table public.suspension_events;

create function public.run_upkeep(p_keep_sent_days integer default 30) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  result jsonb := '{}'::jsonb;
  n integer;
begin
  if p_keep_sent_days is null or p_keep_sent_days < 1 or p_keep_sent_days > 3650 then
    raise exception 'p_keep_sent_days must be between 1 and 3650' using errcode = '22023';
  end if;
  if private.upkeep_due('newsletter_purge_erased', interval '23 hours') then
    result := result || jsonb_build_object('newsletter_purged', public.newsletter_purge_erased());
  end if;
  if private.upkeep_due('mail_outbox_sent', interval '23 hours') then
    delete from private.mail_outbox
     where sent_at is not null and sent_at < now() - pg_catalog.make_interval(days => p_keep_sent_days);
    get diagnostics n = row_count;
    result := result || jsonb_build_object('mail_outbox_deleted', n);
  end if;
  if private.upkeep_due('rate_counters', interval '23 hours') then
    delete from private.rate_events where at < now() - interval '1 hour';
    get diagnostics n = row_count;
    result := result || jsonb_build_object('rate_events_deleted', n);
    delete from private.message_sends where sent_at < now() - interval '1 hour';
    get diagnostics n = row_count;
    result := result || jsonb_build_object('message_sends_deleted', n);
    delete from public.suspension_events where created_at < now() - interval '1 day';
  end if;
  result := result || jsonb_build_object('review_links_reminded', private.notify_expiring_review_links());
  return result;
end $$;

revoke execute on function private.upkeep_due(text, interval), private.notify_expiring_review_links(interval)
  from public, anon, authenticated;
revoke execute on function public.run_upkeep(integer) from public, anon, authenticated;
grant execute on function public.run_upkeep(integer) to service_role;
