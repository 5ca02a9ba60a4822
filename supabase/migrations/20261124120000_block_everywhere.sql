-- A block is a block (issue 25, point 1). A block between two people holds on every path one of
-- them can write to or read about the other, in both directions, and nobody learns that they were
-- blocked: to the blocked one (and to the blocker) the other answers exactly like a member who
-- does not exist. tests/integration/attacks/blocks.test.ts discovers the tables and functions
-- from the catalog and attacks each.
--
-- The one answer: the same refusal a write gets when the person or content it points to does not
-- exist. For tables that is the row-level-security refusal (SQLSTATE 42501, HTTP 403), because the
-- policies below accept only targets the writer can see and that are not in a block with them;
-- for messages it is `messages_unavailable` (PT403), for friend requests `user not found` (PT404).

-- Mutual "is either of the two blocking the other", for policies and definer functions only:
-- in `private`, which PostgREST does not expose, so it is no oracle.
create function private.in_block(a uuid, b uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.blocks
     where (blocker_id = a and blocked_id = b) or (blocker_id = b and blocked_id = a)
  )
$$;
revoke execute on function private.in_block(uuid, uuid) from public;
grant execute on function private.in_block(uuid, uuid) to authenticated, service_role;

-- is_blocked(me, x) answered "x blocked me" to the blocked member. Members no longer call it at
-- all (the same permission error for every pair); the service role still may.
revoke execute on function public.is_blocked(uuid, uuid) from public, anon, authenticated;
grant execute on function public.is_blocked(uuid, uuid) to service_role;

-- Comments and likes: only under posts the writer can see (RLS of posts applies inside the
-- policy: blocked authors and hidden posts are invisible) and whose author is not in a block with
-- them (admins see every post, so the block is checked for them too).
create function private.post_open_to_me(target uuid) returns boolean
language sql stable security invoker set search_path = '' as $$
  select exists (
    select 1 from public.posts p
     where p.id = target
       and not private.in_block((select auth.uid()), p.user_id)
  )
$$;
revoke execute on function private.post_open_to_me(uuid) from public;
grant execute on function private.post_open_to_me(uuid) to authenticated, service_role;

drop policy "members comment as themselves" on public.comments;
create policy "members comment as themselves under posts open to them" on public.comments
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.post_open_to_me(post_id));

drop policy "members edit their own comments" on public.comments;
create policy "members edit their own comments under posts open to them" on public.comments
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and private.post_open_to_me(post_id));

-- A comment stays under the post it was written for (moving it is how a blocked member reached
-- the blocker's post). Refused for everyone, so the refusal says nothing about a block.
create function private.comments_stay_put() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.post_id is distinct from old.post_id then
    raise exception 'new row violates row-level security policy for table "comments"'
      using errcode = '42501';
  end if;
  return new;
end $$;
grant execute on function private.comments_stay_put() to authenticated, service_role;
create trigger comments_stay_put before update of post_id on public.comments
  for each row execute function private.comments_stay_put();

drop policy "members like as themselves" on public.likes;
create policy "members like posts open to them" on public.likes
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.post_open_to_me(post_id));

-- Reports: besides being visible, the reported content's author (or the reported member) is not
-- in a block with the reporter (admins see everything, so the block is checked for them too).
drop policy "members report what they can see" on public.reports;
create policy "members report what they can see" on public.reports
  for insert to authenticated
  with check (
    reporter_id = (select auth.uid())
    and status = 'open' and decided_by is null and decided_at is null
    and (
      (post_id is not null and exists (
        select 1 from public.posts p
         where p.id = post_id and p.user_id <> (select auth.uid())
           and not private.in_block((select auth.uid()), p.user_id)))
      or (comment_id is not null and exists (
        select 1 from public.comments c
         where c.id = comment_id and c.user_id <> (select auth.uid())
           and not private.in_block((select auth.uid()), c.user_id)))
      or (member_id is not null and member_id <> (select auth.uid()) and exists (
        select 1 from public.profiles m
         where m.user_id = member_id and not private.in_block((select auth.uid()), m.user_id)))
    )
  );

-- Blocks: only someone the blocker can see. Blocking back someone who blocked you would succeed
-- for an existing member and fail for a missing one, which told the blocked member who blocked
-- them; now both fail alike (the two are already hidden from each other).
drop policy "members block others" on public.blocks;
create policy "members block people they can see" on public.blocks
  for insert to authenticated
  with check (
    blocker_id = (select auth.uid())
    and exists (
      select 1 from public.profiles p
       where p.user_id = blocked_id and not private.in_block((select auth.uid()), p.user_id)
    )
  );

-- Messages: a receiver in a block with the sender answers like one that does not exist.
create or replace function public.may_message(receiver uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is not null
     and receiver <> (select auth.uid())
     and not private.in_block((select auth.uid()), receiver)
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

-- messages_unavailable: the receiver does not exist or is in a block with the sender (one code
-- for both, so a block is never revealed); messages_friends_only: an existing member, outside a
-- block, who accepts friends only. The rate limit (20 a minute) holds under concurrency: sends of
-- one sender queue on a lock of their own (issue 25, point 2).
create or replace function private.messages_before_insert() returns trigger
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
  if private.in_block(me, new.receiver_id)
     or not exists (select 1 from public.profiles p where p.user_id = new.receiver_id) then
    raise exception 'messages_unavailable' using errcode = 'PT403';
  end if;
  if not public.may_message(new.receiver_id) then
    raise exception 'messages_friends_only' using errcode = 'PT403';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('rate:message:' || me::text, 0));
  delete from private.message_sends where sender_id = me and sent_at <= now() - interval '1 minute';
  if (select count(*) from private.message_sends where sender_id = me) >= 20 then
    raise exception 'messages_rate_limited' using errcode = 'PT429';
  end if;
  insert into private.message_sends (sender_id, sent_at) values (me, clock_timestamp());
  return new;
end $$;

-- The conversation list shows no name or picture of someone in a block with the caller (the
-- profile itself is hidden from them), as for a member who no longer exists.
create or replace function public.my_conversations(
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
    left join public.profiles p
      on p.user_id = c.other_id and not private.in_block((select auth.uid()), c.other_id)
    left join public.messages m on m.id = c.last_message_id
   where c.owner_id = (select auth.uid())
     and (before_at is null or (c.last_at, c.other_id) < (before_at, before_id))
   order by c.last_at desc, c.other_id desc
   limit least(greatest(coalesce(max_rows, 50), 1), 200);
$$;

-- Friend requests: not found for a missing member and for one in a block, alike.
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
  if private.in_block(me, target_id)
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
    update public.friendships
       set requester_id = me, addressee_id = target_id, status = 'pending', responded_at = null
     where id = existing.id returning * into result;
  else
    raise exception 'a friendship or request already exists' using errcode = 'PT409';
  end if;
  return result;
end $$;

-- Private Realtime topics: dm:<a>:<b> only with a member the caller can see and is not in a block
-- with. Before, any pair with an unknown id was open and a blocked pair closed: an oracle.
create or replace function private.may_use_realtime_topic(topic text)
returns boolean
language sql stable security invoker set search_path = ''
as $$
  select case
    when topic ~ '^dm:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      split_part(topic, ':', 2) collate "C" < split_part(topic, ':', 3) collate "C"
      and (select auth.uid())::text in (split_part(topic, ':', 2), split_part(topic, ':', 3))
      and exists (
        select 1 from public.profiles p
         where p.user_id::text = case when split_part(topic, ':', 2) = (select auth.uid())::text
                                      then split_part(topic, ':', 3) else split_part(topic, ':', 2) end
           and p.user_id <> (select auth.uid())
           and not private.in_block((select auth.uid()), p.user_id))
    when topic ~ '^user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      split_part(topic, ':', 2) = (select auth.uid())::text
    else false
  end
$$;
