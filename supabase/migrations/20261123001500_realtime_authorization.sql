-- Who may use which private Realtime channel (Broadcast and Presence with `private: true`).
-- Supabase Realtime authorizes a private channel by the RLS policies on realtime.messages,
-- evaluated as the joining user with realtime.topic() set to the channel's topic: SELECT decides
-- who may join and receive, INSERT who may send (extension 'broadcast') or track ('presence').
--
--   dm:<uuidA>:<uuidB>  a direct conversation; the two user ids in ascending text order. Only
--                       those two members, and not while either has blocked the other.
--   user:<uuid>         one member's own channel (notifications across their tabs); only them.
--
-- Any other private topic is closed; public channels need no policy.

create or replace function private.may_use_realtime_topic(topic text)
returns boolean
language sql stable security invoker set search_path = ''
as $$
  select case
    when topic ~ '^dm:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      split_part(topic, ':', 2) collate "C" < split_part(topic, ':', 3) collate "C"
      and (select auth.uid())::text in (split_part(topic, ':', 2), split_part(topic, ':', 3))
      and not public.is_blocked(split_part(topic, ':', 2)::uuid, split_part(topic, ':', 3)::uuid)
    when topic ~ '^user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      split_part(topic, ':', 2) = (select auth.uid())::text
    else false
  end
$$;
revoke execute on function private.may_use_realtime_topic(text) from public;
grant execute on function private.may_use_realtime_topic(text) to authenticated;

create policy "members receive on their private channels" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension in ('broadcast', 'presence')
    and (select private.may_use_realtime_topic((select realtime.topic())))
  );

create policy "members send and track on their private channels" on realtime.messages
  for insert to authenticated
  with check (
    realtime.messages.extension in ('broadcast', 'presence')
    and (select private.may_use_realtime_topic((select realtime.topic())))
  );
