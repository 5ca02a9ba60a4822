-- Applied at every start (after migrations), so it always matches the gateway's realtime code.
-- Local stand-in for Supabase Realtime's WAL reader: each row change NOTIFYs the table, the
-- operation, the primary key and, when it fits in NOTIFY's 8000-byte limit, the row itself.
-- The gateway then checks per subscriber, as that subscriber, whether RLS lets them see it.
create or replace function _realtime.notify_change() returns trigger language plpgsql as $$
declare
  r record;
  base jsonb;
  payload text;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  base := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'id', to_jsonb(r) -> 'id',
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'));
  payload := (base || jsonb_build_object('record', to_jsonb(r)))::text;
  if octet_length(payload) > 7900 then
    payload := base::text;
  end if;
  perform pg_notify('supabase_realtime', payload);
  return null;
end $$;

do $$
declare r record;
begin
  for r in select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime' loop
    if not exists (
      select 1 from pg_trigger
       where tgname = 'zz_realtime_notify' and tgrelid = format('%I.%I', r.schemaname, r.tablename)::regclass
    ) then
      execute format(
        'create trigger zz_realtime_notify after insert or update or delete on %I.%I '
        'for each row execute function _realtime.notify_change()', r.schemaname, r.tablename);
    end if;
  end loop;
end $$;

-- Local stand-in for Realtime's broadcast from the database: a committed insert into
-- realtime.messages (what realtime.send() does) is broadcast to the topic's channels. The
-- authorization probes of the gateway roll back, so they never notify.
create or replace function _realtime.notify_broadcast() returns trigger language plpgsql as $$
declare
  payload text;
begin
  if new.extension <> 'broadcast' or new.event is null then
    return null;
  end if;
  payload := jsonb_build_object('id', new.id, 'topic', new.topic, 'event', new.event,
    'private', new.private, 'payload', new.payload)::text;
  if octet_length(payload) > 7900 then
    raise warning 'realtime.send: payload too large for the local stack (% bytes)', octet_length(payload);
    return null;
  end if;
  perform pg_notify('supabase_realtime_broadcast', payload);
  return null;
end $$;

drop trigger if exists zz_realtime_broadcast on realtime.messages;
create trigger zz_realtime_broadcast after insert on realtime.messages
  for each row execute function _realtime.notify_broadcast();

-- The gateway's per-subscriber RLS check for one row version, for many subscribers in one round
-- trip (as Supabase Realtime's apply_rls does): for each subscriber, its role and JWT claims are
-- set local to this transaction and the table's SELECT condition is evaluated on the row. Returns
-- the 1-based positions of the subscribers who may see it. A condition that fails for one
-- subscriber (e.g. a function it may not call) hides the row from that subscriber only.
create or replace function _realtime.visible_to(
  p_table regclass,
  p_alias text,
  p_record jsonb,
  p_rule text,
  p_claims jsonb[],
  p_roles text[]
) returns int[] language plpgsql as $$
declare
  visible int[] := '{}';
  ok boolean;
  q text := format(
    'select exists (select 1 from jsonb_populate_record(null::%s, $1) as %I where %s)', p_table, p_alias, p_rule);
  -- Planned once per connection and condition (as Supabase's walrus does), executed per subscriber.
  stmt text := 'realtime_visible_' || md5(q);
  run text;
begin
  if not exists (select 1 from pg_prepared_statements where name = stmt) then
    execute format('prepare %I(jsonb) as %s', stmt, q);
  end if;
  run := format('execute %I(%L::jsonb)', stmt, p_record::text);
  for i in 1 .. coalesce(array_length(p_claims, 1), 0) loop
    continue when p_roles[i] is null or p_roles[i] not in ('anon', 'authenticated', 'service_role');
    perform set_config('request.jwt.claims', p_claims[i]::text, true);
    perform set_config('role', p_roles[i], true);
    begin
      execute run into ok;
    exception when others then
      ok := false;
    end;
    perform set_config('role', 'none', true);
    if ok then
      visible := visible || i;
    end if;
  end loop;
  return visible;
end $$;
revoke all on function _realtime.visible_to(regclass, text, jsonb, text, jsonb[], text[]) from public;
