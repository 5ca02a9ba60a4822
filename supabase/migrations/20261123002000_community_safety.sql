-- Community safety in the database: blocks hide people from each other, reports hide content
-- after two members flag it (until an admin decides), and per-member hourly rate limits.

-- Keyset pagination of the feed walks (created_at desc, id desc); this index serves it exactly.
create index posts_created_at_id_idx on public.posts (created_at desc, id desc);

-- Rate limits ---------------------------------------------------------------------------------
-- One row per counted action; only the member's own recent rows are read and old ones pruned.
create table private.rate_events (
  user_id uuid not null,
  action text not null,
  at timestamptz not null default now()
);
create index rate_events_user_action_at_idx on private.rate_events (user_id, action, at);
revoke all on private.rate_events from public, anon, authenticated;

-- Per-hour limits for members (admins are not limited). Changing a number is one update here.
create table private.rate_limits (
  action text primary key,
  per_hour integer not null check (per_hour > 0)
);
insert into private.rate_limits (action, per_hour) values
  ('post', 20), ('comment', 60), ('friend_request', 20), ('report', 20);
revoke all on private.rate_limits from public, anon, authenticated;

-- Counts one action of the signed-in member and refuses it (SQLSTATE PT429, which the client
-- maps to a translated "too many" message) when the last hour already holds the limit. Work
-- done by the service role or in SQL (seeds, benchmarks) has no auth.uid() and is not counted.
create function private.take_rate_limit(what text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  lim integer;
  used integer;
begin
  if me is null or public.is_admin() then
    return;
  end if;
  select per_hour into lim from private.rate_limits where action = what;
  if lim is null then
    return;
  end if;
  delete from private.rate_events where user_id = me and action = what and at < now() - interval '1 hour';
  select count(*) into used from private.rate_events
   where user_id = me and action = what and at >= now() - interval '1 hour';
  if used >= lim then
    raise exception 'rate limit: at most % per hour for %', lim, what
      using errcode = 'PT429', hint = what;
  end if;
  insert into private.rate_events (user_id, action) values (me, what);
end $$;
revoke execute on function private.take_rate_limit(text) from public;
grant execute on function private.take_rate_limit(text) to anon, authenticated, service_role;

create function private.rate_limit_trigger() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform private.take_rate_limit(tg_argv[0]);
  return new;
end $$;
grant execute on function private.rate_limit_trigger() to anon, authenticated, service_role;

create trigger posts_rate_limit before insert on public.posts
  for each row execute function private.rate_limit_trigger('post');
create trigger comments_rate_limit before insert on public.comments
  for each row execute function private.rate_limit_trigger('comment');

-- Reports -------------------------------------------------------------------------------------
create type public.report_status as enum ('open', 'kept', 'removed');

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  post_id uuid references public.posts (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  member_id uuid references public.profiles (user_id) on delete cascade,
  reason text not null check (btrim(reason) <> '' and char_length(reason) <= 1000),
  status public.report_status not null default 'open',
  decided_by uuid references public.profiles (user_id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reports_one_target check (num_nonnulls(post_id, comment_id, member_id) = 1)
);
-- One report per member per target: "two reports" always means two different members.
create unique index reports_reporter_post_idx on public.reports (reporter_id, post_id) where post_id is not null;
create unique index reports_reporter_comment_idx on public.reports (reporter_id, comment_id) where comment_id is not null;
create unique index reports_reporter_member_idx on public.reports (reporter_id, member_id) where member_id is not null;
create index reports_open_post_idx on public.reports (post_id) where status = 'open';
create index reports_open_comment_idx on public.reports (comment_id) where status = 'open';
create index reports_open_created_idx on public.reports (created_at) where status = 'open';
create trigger reports_server_timestamps before insert or update on public.reports
  for each row execute function private.server_timestamps();
create trigger reports_rate_limit before insert on public.reports
  for each row execute function private.rate_limit_trigger('report');
alter table public.reports enable row level security;

-- A member sees their own reports (so the UI can say "already reported"); admins see all.
create policy "members read their own reports, admins all" on public.reports
  for select to authenticated
  using (reporter_id = (select auth.uid()) or (select public.is_admin()));
-- A member reports as themselves, only what they can see, never their own content or self,
-- and only as an open report; decisions are made by public.moderate_report.
create policy "members report what they can see" on public.reports
  for insert to authenticated
  with check (
    reporter_id = (select auth.uid())
    and status = 'open' and decided_by is null and decided_at is null
    and (
      (post_id is not null and exists (
        select 1 from public.posts p where p.id = post_id and p.user_id <> (select auth.uid())))
      or (comment_id is not null and exists (
        select 1 from public.comments c where c.id = comment_id and c.user_id <> (select auth.uid())))
      or (member_id is not null and member_id <> (select auth.uid()) and exists (
        select 1 from public.profiles m where m.user_id = member_id))
    )
  );
revoke update, delete on public.reports from anon, authenticated;

-- Two open reports by different members hide a post or comment. SECURITY DEFINER because
-- members cannot read others' reports; it answers only "hidden or not".
create function private.post_hidden(target uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select count(*) from public.reports r where r.post_id = target and r.status = 'open') >= 2
$$;
create function private.comment_hidden(target uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select count(*) from public.reports r where r.comment_id = target and r.status = 'open') >= 2
$$;
revoke execute on function private.post_hidden(uuid), private.comment_hidden(uuid) from public;
grant execute on function private.post_hidden(uuid), private.comment_hidden(uuid)
  to anon, authenticated, service_role;

-- An admin keeps (reports closed, content shown again) or removes (content deleted) what was
-- reported. For a member report "remove" closes the reports too; accounts are not deleted here.
create function public.moderate_report(report_id uuid, decision text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  target public.reports;
  closed integer;
begin
  if not public.is_admin() then
    raise exception 'only admins moderate' using errcode = '42501';
  end if;
  if decision not in ('keep', 'remove') then
    raise exception 'decision must be keep or remove' using errcode = '22023';
  end if;
  select * into target from public.reports where id = report_id;
  if target.id is null then
    raise exception 'no such report' using errcode = 'PT404';
  end if;
  update public.reports
     set status = case when decision = 'keep' then 'kept'::public.report_status
                       else 'removed'::public.report_status end,
         decided_by = (select auth.uid()), decided_at = now()
   where status = 'open'
     and ((target.post_id is not null and post_id = target.post_id)
       or (target.comment_id is not null and comment_id = target.comment_id)
       or (target.member_id is not null and member_id = target.member_id));
  get diagnostics closed = row_count;
  if decision = 'remove' then
    -- Deleting the content cascades to its reports; the decision is the deletion itself.
    if target.post_id is not null then
      delete from public.posts where id = target.post_id;
    elsif target.comment_id is not null then
      delete from public.comments where id = target.comment_id;
    end if;
  end if;
  return closed;
end $$;
revoke execute on function public.moderate_report(uuid, text) from public, anon;
grant execute on function public.moderate_report(uuid, text) to authenticated;

-- Blocks and hidden content in the read policies ----------------------------------------------
-- A block hides both people from each other: posts, comments, likes and the profile. The
-- author and admins always see their own (hidden) content.
drop policy "anyone reads posts" on public.posts;
create policy "anyone reads posts not hidden or blocked; authors and admins all" on public.posts
  for select to anon, authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or (not private.post_hidden(id) and not public.is_blocked((select auth.uid()), user_id))
  );

drop policy "members read comments" on public.comments;
create policy "members read comments not hidden or blocked; authors and admins all" on public.comments
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or (not private.comment_hidden(id) and not public.is_blocked((select auth.uid()), user_id))
  );

drop policy "members read likes" on public.likes;
create policy "members read likes of people not blocked" on public.likes
  for select to authenticated
  using (user_id = (select auth.uid()) or not public.is_blocked((select auth.uid()), user_id));

drop policy "members read profiles" on public.profiles;
create policy "members read profiles of people not blocked" on public.profiles
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or not public.is_blocked((select auth.uid()), user_id)
  );

-- The people I blocked, with their names, for the unblock list (their profile is hidden from me).
create function public.blocked_members()
returns table (user_id uuid, display_name text, avatar_url text, blocked_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select b.blocked_id, p.display_name, p.avatar_url, b.created_at
    from public.blocks b join public.profiles p on p.user_id = b.blocked_id
   where b.blocker_id = (select auth.uid())
   order by b.created_at desc
$$;
revoke execute on function public.blocked_members() from public, anon;
grant execute on function public.blocked_members() to authenticated;

-- Friend requests: never to or from someone in a block (answered as "not found", so a block
-- stays silent), and rate limited.
create or replace function public.send_friend_request(target_id uuid) returns public.friendships
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  existing public.friendships;
  result public.friendships;
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if target_id is null or target_id = me then
    raise exception 'cannot befriend yourself' using errcode = '22023';
  end if;
  if public.is_blocked(me, target_id)
     or not exists (select 1 from public.profiles where user_id = target_id) then
    raise exception 'user not found' using errcode = 'PT404';
  end if;
  select * into existing from public.friendships
   where least(requester_id, addressee_id) = least(me, target_id)
     and greatest(requester_id, addressee_id) = greatest(me, target_id);
  if existing.id is null then
    perform private.take_rate_limit('friend_request');
    insert into public.friendships (requester_id, addressee_id) values (me, target_id)
    returning * into result;
  elsif existing.status = 'declined' then
    perform private.take_rate_limit('friend_request');
    -- A declined request may be asked again; the row is reused to keep one row per pair.
    update public.friendships
       set requester_id = me, addressee_id = target_id, status = 'pending', responded_at = null
     where id = existing.id returning * into result;
  else
    raise exception 'a friendship or request already exists' using errcode = 'PT409';
  end if;
  return result;
end $$;
revoke execute on function public.send_friend_request(uuid) from public, anon;
grant execute on function public.send_friend_request(uuid) to authenticated;

-- A post's author may remove comments on their post (besides the commenter and admins).
drop policy "members delete their own comments, admins any" on public.comments;
create policy "commenters, the post's author and admins delete comments" on public.comments
  for delete to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or exists (select 1 from public.posts p where p.id = post_id and p.user_id = (select auth.uid()))
  );
