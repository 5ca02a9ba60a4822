-- Direct messages (issue 9): server-owned read state, sender-side soft delete, "who may message
-- me", blocks, a send rate limit, one-round-trip conversation list and keyset threads.

-- "Who may message me": everyone (default) or friends only. Members change it with their
-- ordinary profile update; the messages INSERT policy below reads it.
alter table public.profiles
  add column message_privacy text not null default 'everyone'
  constraint profiles_message_privacy_check check (message_privacy in ('everyone', 'friends'));

-- Soft delete: the sender clears the content; the row stays so both see "message deleted".
alter table public.messages add column deleted_at timestamptz;
alter table public.messages drop constraint messages_content_check;
alter table public.messages add constraint messages_content_check check (
  (deleted_at is null and btrim(content) <> '' and char_length(content) <= 5000)
  or (deleted_at is not null and content = '')
);

-- The caller never chooses created_at (keyset order and the rate limit depend on it).
create trigger messages_server_timestamps before insert or update on public.messages
  for each row execute function private.server_timestamps();

-- Threads are read newest first per pair, keyset on (created_at, id).
create index messages_pair_created_at_idx on public.messages (
  least(sender_id, receiver_id), greatest(sender_id, receiver_id), created_at desc, id desc
);

-- Nobody updates or deletes messages directly any more: read state and deletion go through
-- the functions below, so a receiver can never rewrite content.
drop policy "receivers mark messages read" on public.messages;
revoke update, delete on public.messages from anon, authenticated;
-- Inserts name only these columns (id lets the sender's optimistic copy match the real row).
revoke insert on public.messages from anon, authenticated;
grant insert (id, sender_id, receiver_id, content) on public.messages to authenticated;

-- True when `receiver` accepts messages from the caller: not blocked either way, and either
-- the receiver accepts everyone or the two are friends.
create function public.may_message(receiver uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is not null
     and receiver <> (select auth.uid())
     and not public.is_blocked((select auth.uid()), receiver)
     and exists (
       select 1 from public.profiles p
        where p.user_id = receiver
          and (p.message_privacy = 'everyone'
               or exists (
                 select 1 from public.friendships f
                  where f.status = 'accepted'
                    and least(f.requester_id, f.addressee_id) = least((select auth.uid()), receiver)
                    and greatest(f.requester_id, f.addressee_id) = greatest((select auth.uid()), receiver))));
$$;
revoke execute on function public.may_message(uuid) from public, anon;
grant execute on function public.may_message(uuid) to authenticated, service_role;

drop policy "members send messages as themselves" on public.messages;
create policy "members send messages to those who accept them" on public.messages
  for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and read = false and read_at is null and deleted_at is null
    and public.may_message(receiver_id)
  );

-- Recent sends per person, for the rate limit below (kept to the last minute).
create table private.message_sends (
  sender_id uuid not null references public.profiles (user_id) on delete cascade,
  sent_at timestamptz not null
);
create index message_sends_sender_idx on private.message_sends (sender_id, sent_at);
revoke all on private.message_sends from public, anon, authenticated;

-- Runs before the policy so a refused send gets a specific reason the UI can translate:
-- messages_self, messages_blocked, messages_friends_only (HTTP 403), messages_rate_limited
-- (HTTP 429, 20 per minute per sender). The policy above stays the guard.
create function private.messages_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    return new; -- anon and the service role: RLS or trust decide
  end if;
  if new.receiver_id = me then
    raise exception 'messages_self' using errcode = 'PT403';
  end if;
  if public.is_blocked(me, new.receiver_id) then
    raise exception 'messages_blocked' using errcode = 'PT403';
  end if;
  if not public.may_message(new.receiver_id) then
    raise exception 'messages_friends_only' using errcode = 'PT403';
  end if;
  -- Sliding minute over what this person sent themselves (rows the service role writes, such as
  -- imports or fixtures, do not count against them).
  delete from private.message_sends where sender_id = me and sent_at <= now() - interval '1 minute';
  if (select count(*) from private.message_sends where sender_id = me) >= 20 then
    raise exception 'messages_rate_limited' using errcode = 'PT429';
  end if;
  insert into private.message_sends (sender_id, sent_at) values (me, clock_timestamp());
  return new;
end $$;
create trigger messages_before_insert before insert on public.messages
  for each row execute function private.messages_before_insert();

-- One row per person and conversation partner, kept by trigger, so the conversation list is an
-- index range scan however many messages there are. Private: read through my_conversations().
create table private.conversations (
  owner_id uuid not null references public.profiles (user_id) on delete cascade,
  other_id uuid not null,
  last_message_id uuid not null,
  last_at timestamptz not null,
  unread_count integer not null default 0 check (unread_count >= 0),
  primary key (owner_id, other_id)
);
create index conversations_owner_last_at_idx on private.conversations (owner_id, last_at desc, other_id desc);
revoke all on private.conversations from public, anon, authenticated;

create function private.messages_keep_conversations() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into private.conversations as c (owner_id, other_id, last_message_id, last_at, unread_count)
    values (new.sender_id, new.receiver_id, new.id, new.created_at, 0),
           (new.receiver_id, new.sender_id, new.id, new.created_at, case when new.read then 0 else 1 end)
    on conflict (owner_id, other_id) do update
      set last_message_id = case when excluded.last_at >= c.last_at then excluded.last_message_id else c.last_message_id end,
          last_at = greatest(c.last_at, excluded.last_at),
          unread_count = c.unread_count + excluded.unread_count;
  elsif tg_op = 'UPDATE' and old.read = false and new.read = true then
    update private.conversations
       set unread_count = greatest(unread_count - 1, 0)
     where owner_id = new.receiver_id and other_id = new.sender_id;
  end if;
  return null;
end $$;
create trigger messages_keep_conversations after insert or update on public.messages
  for each row execute function private.messages_keep_conversations();

-- Messages that existed before this migration.
insert into private.conversations (owner_id, other_id, last_message_id, last_at, unread_count)
select owner_id, other_id,
       (array_agg(id order by created_at desc, id desc))[1],
       max(created_at),
       count(*) filter (where unread)::int
  from (
    select sender_id as owner_id, receiver_id as other_id, id, created_at, false as unread from public.messages
    union all
    select receiver_id, sender_id, id, created_at, not read from public.messages
  ) m
 group by owner_id, other_id
on conflict do nothing;

-- The whole conversation list of the caller in one round trip, newest first; keyset on
-- (last_at, other_id) through `before_at`/`before_id` for more than `max_rows`.
create function public.my_conversations(
  max_rows integer default 50, before_at timestamptz default null, before_id uuid default null
)
returns table (
  other_id uuid, display_name text, avatar_url text,
  last_message_id uuid, last_content text, last_sender_id uuid, last_deleted boolean,
  last_at timestamptz, unread_count integer
)
language sql stable security definer set search_path = '' as $$
  select c.other_id, p.display_name, p.avatar_url,
         c.last_message_id, m.content, m.sender_id, m.deleted_at is not null,
         c.last_at, c.unread_count
    from private.conversations c
    left join public.profiles p on p.user_id = c.other_id
    left join public.messages m on m.id = c.last_message_id
   where c.owner_id = (select auth.uid())
     and (before_at is null or (c.last_at, c.other_id) < (before_at, before_id))
   order by c.last_at desc, c.other_id desc
   limit least(greatest(coalesce(max_rows, 50), 1), 200);
$$;

-- One thread, newest first (the client reverses), keyset on (created_at, id). RLS applies.
create function public.thread_messages(
  other uuid, max_rows integer default 30, before_at timestamptz default null, before_id uuid default null
)
returns setof public.messages
language sql stable security invoker set search_path = '' as $$
  select m.* from public.messages m
   where least(m.sender_id, m.receiver_id) = least((select auth.uid()), other)
     and greatest(m.sender_id, m.receiver_id) = greatest((select auth.uid()), other)
     and (before_at is null or (m.created_at, m.id) < (before_at, before_id))
   order by m.created_at desc, m.id desc
   limit least(greatest(coalesce(max_rows, 30), 1), 100);
$$;

-- Marks as read what `other` sent the caller (only ever the caller's received messages);
-- returns how many changed.
create function public.mark_conversation_read(other uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  changed integer;
begin
  if auth.uid() is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  update public.messages set read = true, read_at = now()
   where receiver_id = auth.uid() and sender_id = other and read = false;
  get diagnostics changed = row_count;
  return changed;
end $$;

-- The sender deletes their own message: content cleared, the row kept as "message deleted".
create function public.delete_message(message_id uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  update public.messages set content = '', deleted_at = now()
   where id = message_id and sender_id = auth.uid() and deleted_at is null;
  if not found then
    raise exception 'messages_not_found' using errcode = 'PT404';
  end if;
  return true;
end $$;

revoke execute on function public.my_conversations, public.thread_messages,
  public.mark_conversation_read, public.delete_message from public, anon;
grant execute on function public.my_conversations, public.thread_messages,
  public.mark_conversation_read, public.delete_message to authenticated, service_role;
