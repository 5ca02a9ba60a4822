-- Timeline Alchemy: each client's own IANA time zone, so the admin's wizard and the client's list
-- can show a scheduled post in the client's local time.
--
-- A table of its own rather than a column on public.profiles: every member may read profiles
-- (names and avatars), but where someone lives is for themselves and the admins only. A column
-- there would need column privileges, which break the `select *` the profile pages use.

create table public.profile_time_zones (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  time_zone text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profile_time_zones_length check (char_length(time_zone) between 1 and 64)
);
create trigger profile_time_zones_server_timestamps before insert or update on public.profile_time_zones
  for each row execute function private.server_timestamps();

-- Whatever path writes the row, the zone must be one PostgreSQL knows (pg_timezone_names holds
-- the IANA names the browsers' Intl API reports). A check constraint cannot query a catalog view.
create function private.profile_time_zones_valid() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = new.time_zone) then
    raise exception 'unknown time zone' using errcode = '22023';
  end if;
  return new;
end $$;
create trigger profile_time_zones_valid before insert or update on public.profile_time_zones
  for each row execute function private.profile_time_zones_valid();

alter table public.profile_time_zones enable row level security;
create policy "people read their own time zone, admins everyone's" on public.profile_time_zones
  for select to authenticated
  using (profile_id = (select auth.uid()) or (select public.is_admin()));
-- Written only through set_my_time_zone(): nobody, not even an admin, sets another person's zone.
revoke insert, update, delete, truncate on public.profile_time_zones from anon, authenticated;
revoke select on public.profile_time_zones from anon;

-- The signed-in person records the zone their browser reports; returns the stored zone.
create function public.set_my_time_zone(time_zone text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if time_zone is null or char_length(time_zone) not between 1 and 64 then
    raise exception 'unknown time zone' using errcode = '22023';
  end if;
  insert into public.profile_time_zones as z (profile_id, time_zone)
  values (me, set_my_time_zone.time_zone)
  on conflict (profile_id) do update set time_zone = excluded.time_zone
    where z.time_zone is distinct from excluded.time_zone;
  return set_my_time_zone.time_zone;
end $$;

revoke execute on function private.profile_time_zones_valid from public, anon, authenticated;
revoke execute on function public.set_my_time_zone from public, anon;
grant execute on function public.set_my_time_zone to authenticated;
