-- Columns the caller never chooses (issue 13, class 3): created_at/updated_at on every table are
-- the server's clock, and state timestamps (messages.read_at, contact_messages.handled_at,
-- previews.reviewed_at) are set by the database when the state changes.

-- private.server_timestamps() (foundation migration) applies to every write that comes through the
-- API (PostgREST and the gateway always set request.jwt.claims, also inside SECURITY DEFINER
-- functions they call). Direct SQL without claims, i.e. the seed and operators with a database
-- login, keeps the values it writes, so demo data can have a history.
create or replace function private.server_timestamps() returns trigger
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
  if coalesce(current_setting('request.jwt.claims', true), '') = ''
     and current_user not in ('anon', 'authenticated', 'service_role') then
    if tg_op = 'UPDATE' and has_updated and (to_jsonb(new) -> 'updated_at') = (to_jsonb(old) -> 'updated_at') then
      patch := patch || jsonb_build_object('updated_at', now());
    end if;
    return jsonb_populate_record(new, patch);
  end if;
  if tg_op = 'INSERT' then
    if has_created then patch := patch || jsonb_build_object('created_at', now()); end if;
    if has_updated then patch := patch || jsonb_build_object('updated_at', now()); end if;
  else
    if has_created then patch := patch || jsonb_build_object('created_at', to_jsonb(old) -> 'created_at'); end if;
    if has_updated then patch := patch || jsonb_build_object('updated_at', now()); end if;
  end if;
  return jsonb_populate_record(new, patch);
end $$;

-- Replace the old set_updated_at triggers and attach server_timestamps to every public table that
-- has created_at or updated_at and lacks it (tests/integration/attacks/server-columns.test.ts
-- fails for any table added later without it).
do $$
declare
  t record;
begin
  for t in
    select tg.tgname, c.relname
      from pg_catalog.pg_trigger tg
      join pg_catalog.pg_class c on c.oid = tg.tgrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and tg.tgfoid = 'public.set_updated_at()'::regprocedure
  loop
    execute format('drop trigger %I on public.%I', t.tgname, t.relname);
  end loop;
  for t in
    select distinct c.relname
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p')
       and a.attname in ('created_at', 'updated_at')
       and not exists (
         select 1 from pg_catalog.pg_trigger tg
          where tg.tgrelid = c.oid and tg.tgfoid = 'private.server_timestamps()'::regprocedure)
  loop
    execute format(
      'create trigger %I before insert or update on public.%I for each row execute function private.server_timestamps()',
      t.relname || '_server_owned_timestamps', t.relname);
  end loop;
end $$;
-- public.set_updated_at() stays for migrations that still name it; its triggers are gone.

-- State timestamps: set by the database when the state changes, never by the caller.
create function private.server_state_times() returns trigger
language plpgsql set search_path = '' as $$
begin
  if coalesce(current_setting('request.jwt.claims', true), '') = ''
     and current_user not in ('anon', 'authenticated', 'service_role') then
    return new;
  end if;
  if tg_table_name = 'messages' then
    new.read_at := case
      when not new.read then null
      when tg_op = 'UPDATE' and old.read then old.read_at
      else now() end;
  elsif tg_table_name = 'contact_messages' then
    new.handled_at := case
      when new.handled_at is null then null
      when tg_op = 'UPDATE' and old.handled_at is not null then old.handled_at
      else now() end;
  elsif tg_table_name = 'previews' then
    new.reviewed_at := case
      when tg_op = 'INSERT' then null
      when new.status is distinct from old.status and new.status in ('approved', 'rejected') then now()
      else old.reviewed_at end;
  end if;
  return new;
end $$;
grant execute on function private.server_state_times() to anon, authenticated, service_role;
create trigger messages_server_state_times before insert or update on public.messages
  for each row execute function private.server_state_times();
create trigger contact_messages_server_state_times before insert or update on public.contact_messages
  for each row execute function private.server_state_times();
create trigger previews_server_state_times before insert or update on public.previews
  for each row execute function private.server_state_times();

-- The contact form's rate limit counts by the server's clock: rows written through the API carry
-- the server's created_at (above), and rows stamped in the future by direct SQL cannot block it.
create or replace function public.contact_messages_rate_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') = 'service_role' then
    return new;
  end if;
  if (select count(*) from public.contact_messages
       where lower(email) = lower(new.email)
         and created_at > now() - interval '1 hour' and created_at <= now()) >= 5
     or (select count(*) from public.contact_messages
       where created_at > now() - interval '1 minute' and created_at <= now()) >= 100 then
    raise exception 'rate_limit: too many contact messages, try again later' using errcode = 'PT429';
  end if;
  return new;
end $$;
