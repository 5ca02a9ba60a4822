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
