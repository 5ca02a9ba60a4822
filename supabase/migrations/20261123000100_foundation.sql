-- Shared pieces the signed-in features build on: server-owned timestamps and blocking.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Server-owned timestamps: the caller never chooses created_at or updated_at. On insert both are
-- the server's clock; on update created_at keeps its old value and updated_at is now(). Attach it
-- BEFORE INSERT OR UPDATE to every table that has either column (the hardening suite checks all).
create function private.server_timestamps() returns trigger
language plpgsql set search_path = '' as $$
declare
  has_created boolean := exists (
    select 1 from pg_catalog.pg_attribute
     where attrelid = tg_relid and attname = 'created_at' and not attisdropped);
  has_updated boolean := exists (
    select 1 from pg_catalog.pg_attribute
     where attrelid = tg_relid and attname = 'updated_at' and not attisdropped);
  patch jsonb := '{}'::jsonb;
begin
  if tg_op = 'INSERT' then
    if has_created then patch := patch || jsonb_build_object('created_at', now()); end if;
    if has_updated then patch := patch || jsonb_build_object('updated_at', now()); end if;
  else
    if has_created then patch := patch || jsonb_build_object('created_at', to_jsonb(old) -> 'created_at'); end if;
    if has_updated then patch := patch || jsonb_build_object('updated_at', now()); end if;
  end if;
  return jsonb_populate_record(new, patch);
end $$;
grant execute on function private.server_timestamps() to anon, authenticated, service_role;

-- Blocking: silent and mutual in effect. One row per (blocker, blocked).
create table public.blocks (
  blocker_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  blocked_id uuid not null references public.profiles (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  constraint blocks_not_self check (blocker_id <> blocked_id)
);
create index blocks_blocked_idx on public.blocks (blocked_id);
create trigger blocks_server_timestamps before insert or update on public.blocks
  for each row execute function private.server_timestamps();
alter table public.blocks enable row level security;

-- A member sees only the blocks they made; nobody learns who blocked them.
create policy "members read their own blocks" on public.blocks
  for select to authenticated using (blocker_id = (select auth.uid()));
create policy "members block others" on public.blocks
  for insert to authenticated with check (blocker_id = (select auth.uid()));
create policy "members unblock" on public.blocks
  for delete to authenticated using (blocker_id = (select auth.uid()));
revoke update on public.blocks from anon, authenticated;

-- True when either of the two blocked the other. SECURITY DEFINER so policies on other tables
-- can ask without the caller being able to read the other side's blocks; it answers only about
-- pairs the caller is part of (anyone else always gets false, so it is no oracle).
create function public.is_blocked(a uuid, b uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select ((select auth.uid()) in (a, b) or (select auth.role()) = 'service_role')
     and exists (
       select 1 from public.blocks
        where (blocker_id = a and blocked_id = b) or (blocker_id = b and blocked_id = a)
     );
$$;
revoke execute on function public.is_blocked(uuid, uuid) from public;
grant execute on function public.is_blocked(uuid, uuid) to anon, authenticated, service_role;

-- Blocking ends a friendship (and any pending request) between the two.
create function private.blocks_end_friendship() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.friendships
   where (requester_id = new.blocker_id and addressee_id = new.blocked_id)
      or (requester_id = new.blocked_id and addressee_id = new.blocker_id);
  return new;
end $$;
create trigger blocks_end_friendship after insert on public.blocks
  for each row execute function private.blocks_end_friendship();
