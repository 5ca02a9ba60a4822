-- Admins suspend a member, and every admin action lands in an append-only audit log (issue 21,
-- point 5). GoTrue's ban (auth.users.banned_until, set by the server endpoint with the service
-- key) keeps the member from signing in and refreshing; what others may read is decided here, by
-- public.member_suspensions, which only the functions below write. The endpoint calls the
-- function with the admin's own JWT first, so the database decides who may suspend.

-- The audit log ------------------------------------------------------------------------------
-- No foreign keys: a row must outlive the people it names (a deleted account would otherwise
-- cascade into the log, or be blocked by it). Ids only; names are looked up when read.
create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid not null,
  action text not null,
  target_kind text not null,
  target_id uuid,
  reason text,
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint admin_audit_log_action check (action in (
    'suspend', 'lift_suspension', 'moderate_keep', 'moderate_remove', 'set_role'
  )),
  constraint admin_audit_log_target_kind check (target_kind in ('member', 'post', 'comment')),
  constraint admin_audit_log_reason_length check (char_length(reason) <= 500)
);
create trigger admin_audit_log_server_timestamps before insert or update on public.admin_audit_log
  for each row execute function private.server_timestamps();
alter table public.admin_audit_log enable row level security;

create policy "admins read the audit log" on public.admin_audit_log
  for select to authenticated using ((select public.is_admin()));
revoke all on public.admin_audit_log from anon;
revoke insert, update, delete, truncate on public.admin_audit_log from authenticated, service_role;
grant select on public.admin_audit_log to authenticated;

-- Append-only for everyone, the service role and the table's owner included: a grant can be
-- given back, a trigger has to be dropped in a migration of its own.
create function private.audit_log_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'the admin audit log is append-only' using errcode = '42501';
end $$;
create trigger admin_audit_log_no_update before update or delete on public.admin_audit_log
  for each row execute function private.audit_log_append_only();
create trigger admin_audit_log_no_truncate before truncate on public.admin_audit_log
  for each statement execute function private.audit_log_append_only();

-- The one writer, called by the admin functions below in the same transaction as their effect.
create function private.audit(
  p_action text, p_target_kind text, p_target uuid, p_reason text, p_detail jsonb default '{}'::jsonb
) returns void
language sql security definer set search_path = '' as $$
  insert into public.admin_audit_log (actor_id, action, target_kind, target_id, reason, detail)
  values ((select auth.uid()), p_action, p_target_kind, p_target, p_reason, coalesce(p_detail, '{}'::jsonb))
$$;
revoke execute on function private.audit(text, text, uuid, text, jsonb) from public, anon, authenticated, service_role;

-- Suspensions --------------------------------------------------------------------------------
-- One row per suspended person; `until` null means until lifted. Admins read them; nobody writes
-- them but suspend_member / lift_suspension.
create table public.member_suspensions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  until timestamptz,
  reason text not null,
  created_by uuid not null,
  created_at timestamptz not null default now(),
  constraint member_suspensions_reason_length check (char_length(reason) between 1 and 500)
);
create trigger member_suspensions_server_timestamps before insert or update on public.member_suspensions
  for each row execute function private.server_timestamps();
alter table public.member_suspensions enable row level security;
create policy "admins read suspensions" on public.member_suspensions
  for select to authenticated using ((select public.is_admin()));
revoke all on public.member_suspensions from anon;
revoke insert, update, delete, truncate on public.member_suspensions from authenticated;

-- Who is suspended right now (an expired suspension counts no more, as GoTrue's ban ends then).
create function private.suspended_ids() returns setof uuid
language sql stable security definer set search_path = '' rows 10 as $$
  select s.user_id from public.member_suspensions s where s.until is null or s.until > now()
$$;
revoke execute on function private.suspended_ids() from public;
grant execute on function private.suspended_ids() to anon, authenticated, service_role;

-- hours: 1..87600, or null for "until lifted". Errors: 42501 (not an admin; hint `self` or
-- `target_admin` when the target may not be suspended), PT404 (no such member), 22023 (input).
create function public.suspend_member(target uuid, hours integer, reason text)
returns public.member_suspensions
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  target_role public.app_role;
  why text := btrim(coalesce(reason, ''));
  result public.member_suspensions;
begin
  if not public.is_admin() then
    raise exception 'only admins suspend members' using errcode = '42501';
  end if;
  if target = me then
    raise exception 'an admin cannot suspend themselves' using errcode = '42501', hint = 'self';
  end if;
  select p.role into target_role from public.profiles p where p.user_id = target;
  if target_role is null then
    raise exception 'no such member' using errcode = 'PT404';
  end if;
  if target_role = 'admin' then
    raise exception 'an admin cannot be suspended' using errcode = '42501', hint = 'target_admin';
  end if;
  if hours is not null and (hours < 1 or hours > 87600) then
    raise exception 'hours must be between 1 and 87600' using errcode = '22023';
  end if;
  if char_length(why) < 1 or char_length(why) > 500 then
    raise exception 'a reason of 1 to 500 characters is needed' using errcode = '22023';
  end if;
  insert into public.member_suspensions (user_id, until, reason, created_by)
  values (target, case when hours is null then null else now() + make_interval(hours => hours) end, why, me)
  on conflict (user_id) do update
    set until = excluded.until, reason = excluded.reason, created_by = excluded.created_by,
        created_at = now()
  returning * into result;
  perform private.audit('suspend', 'member', target, why,
    jsonb_build_object('hours', hours, 'until', result.until));
  return result;
end $$;
revoke execute on function public.suspend_member(uuid, integer, text) from public, anon;
grant execute on function public.suspend_member(uuid, integer, text) to authenticated;

-- Lifting is idempotent (it also repairs a ban left behind by a failed call); it answers whether
-- a suspension was in force.
create function public.lift_suspension(target uuid, reason text default null) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  why text := nullif(btrim(coalesce(reason, '')), '');
  was boolean;
begin
  if not public.is_admin() then
    raise exception 'only admins lift suspensions' using errcode = '42501';
  end if;
  if char_length(why) > 500 then
    raise exception 'a reason of at most 500 characters' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles p where p.user_id = target) then
    raise exception 'no such member' using errcode = 'PT404';
  end if;
  delete from public.member_suspensions where user_id = target;
  was := found;
  perform private.audit('lift_suspension', 'member', target, why, jsonb_build_object('was_suspended', was));
  return was;
end $$;
revoke execute on function public.lift_suspension(uuid, text) from public, anon;
grant execute on function public.lift_suspension(uuid, text) to authenticated;

-- Content of suspended members is hidden from others (authors and admins still see it) ---------
drop policy "anyone reads posts not hidden or blocked; authors and admins all" on public.posts;
create policy "anyone reads posts not hidden, blocked or suspended; authors and admins all" on public.posts
  for select to anon, authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or (id not in (select private.hidden_post_ids())
        and user_id not in (select private.blocked_with_me())
        and user_id not in (select private.suspended_ids()))
  );

drop policy "members read comments not hidden or blocked; authors and admins all" on public.comments;
create policy "members read comments not hidden, blocked or suspended; authors and admins all" on public.comments
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or (id not in (select private.hidden_comment_ids())
        and user_id not in (select private.blocked_with_me())
        and user_id not in (select private.suspended_ids()))
  );

drop policy "members read likes of people not blocked" on public.likes;
create policy "members read likes of people not blocked or suspended" on public.likes
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (user_id not in (select private.blocked_with_me())
        and user_id not in (select private.suspended_ids()))
  );

drop policy "members read profiles of people not blocked" on public.profiles;
create policy "members read profiles of people not blocked or suspended" on public.profiles
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or (user_id not in (select private.blocked_with_me())
        and user_id not in (select private.suspended_ids()))
  );

-- The existing admin actions write the log too ----------------------------------------------
create or replace function public.moderate_report(report_id uuid, decision text) returns integer
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
  perform private.audit(
    'moderate_' || decision,
    case when target.post_id is not null then 'post' when target.comment_id is not null then 'comment'
         else 'member' end,
    coalesce(target.post_id, target.comment_id, target.member_id),
    null,
    jsonb_build_object('report_id', target.id, 'reports_closed', closed));
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

create or replace function public.admin_set_role(target_user_id uuid, new_role public.app_role)
returns public.profiles
language plpgsql security definer set search_path = '' as $$
declare
  result public.profiles;
  before public.app_role;
begin
  if not public.is_admin() then
    raise exception 'only an admin can change a role' using errcode = '42501';
  end if;
  select role into before from public.profiles where user_id = target_user_id;
  update public.profiles set role = new_role where user_id = target_user_id returning * into result;
  if result.id is null then
    raise exception 'profile not found' using errcode = 'PT404';
  end if;
  perform private.audit('set_role', 'member', target_user_id, null,
    jsonb_build_object('from', before, 'to', new_role));
  return result;
end $$;
