-- Notifications in the app (issue 22, points 1 and 2). One row per recipient and group of events
-- ("Noah and 4 others liked your post"), written only by the triggers below, in the transaction of
-- the change that causes it; never by the browser. Recipients read their own and mark them read
-- through public.mark_notifications_read(); nobody inserts, edits or deletes through the API.
--
-- Grouping: while a group is unread, a new event of the same group_key updates its row (latest
-- actor, distinct actors, event count, latest subject, updated_at); once read, the next event opens
-- a new row. The partial unique index on unread (recipient_id, group_key) makes that one upsert.
--
-- For the mail worker that comes later: `kind` and `group_key` say what it is; `emailed_at` is null
-- until mailed. A group that grew after its mail has last_event_at > emailed_at.
--
-- A block is a block: nothing is written from a member in a block with the recipient (either way),
-- and a new block removes the blocked one from the other's notifications. Never about one's own
-- action: the actor is never the recipient. Reporters and moderators stay anonymous (no actor).

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (user_id) on delete cascade,
  kind text not null,
  group_key text not null,
  -- The latest actor (null: the system, anonymous reporters, a moderator) and all distinct actors.
  actor_id uuid references public.profiles (user_id) on delete set null,
  actor_ids uuid[] not null default '{}',
  actor_count integer generated always as (cardinality(actor_ids)) stored,
  event_count integer not null default 1,
  -- What it is about; the latest one of the group. Deleting the subject deletes the notification.
  post_id uuid references public.posts (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  preview_id uuid references public.previews (id) on delete cascade,
  -- The other person of a conversation or friendship (the link target /messages/{id}, /user/{id}).
  other_id uuid references public.profiles (user_id) on delete cascade,
  -- Small extras for the text (a change request's comment, a removed post's title).
  data jsonb not null default '{}'::jsonb,
  -- The group's latest event: the list's order (updated_at also moves when it is marked read).
  last_event_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  read_at timestamptz,
  emailed_at timestamptz,
  constraint notifications_kind check (kind in (
    'comment_on_post', 'comment_on_thread', 'like_on_post', 'friend_request', 'friend_accepted',
    'message', 'content_hidden', 'moderation_kept', 'moderation_removed', 'preview_to_review',
    'preview_approved', 'preview_changes_requested', 'preview_published')),
  constraint notifications_data_object check (jsonb_typeof(data) = 'object' and pg_column_size(data) <= 4000),
  constraint notifications_group_key_length check (char_length(group_key) <= 200)
);
-- One unread row per group and recipient: the upsert's conflict target.
create unique index notifications_open_group_idx on public.notifications (recipient_id, group_key)
  where read_at is null;
-- The list, newest activity first, keyset (last_event_at, id); the bell's count.
create index notifications_recipient_list_idx on public.notifications (recipient_id, last_event_at desc, id desc);
create index notifications_recipient_unread_idx on public.notifications (recipient_id) where read_at is null;
-- Foreign keys that cascade need their own index to delete fast.
create index notifications_post_idx on public.notifications (post_id) where post_id is not null;
create index notifications_comment_idx on public.notifications (comment_id) where comment_id is not null;
create index notifications_preview_idx on public.notifications (preview_id) where preview_id is not null;
create index notifications_other_idx on public.notifications (other_id) where other_id is not null;
create index notifications_actor_idx on public.notifications (actor_id) where actor_id is not null;

-- Server-owned timestamps for writes by the API roles, as on every table. The writers below run
-- as the definer and set them themselves; skipping the generic trigger for them keeps one event's
-- 500 rows fast (it was a third of the statement).
create trigger notifications_server_timestamps before insert or update on public.notifications
  for each row when (current_user in ('anon', 'authenticated', 'service_role'))
  execute function private.server_timestamps();

alter table public.notifications enable row level security;
create policy "recipients read their own notifications" on public.notifications
  for select to authenticated
  using (recipient_id = (select auth.uid()));
revoke insert, update, delete, truncate on public.notifications from anon, authenticated;
revoke all on public.notifications from anon;

-- Marks the caller's notifications read: the given ids, or all of them when `ids` is null.
-- Returns how many changed; ids of others are ignored (it only ever touches the caller's rows).
create function public.mark_notifications_read(ids uuid[] default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  changed integer;
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if ids is not null and cardinality(ids) > 500 then
    raise exception 'at most 500 ids at once' using errcode = '22023';
  end if;
  update public.notifications set read_at = now(), updated_at = now()
   where recipient_id = me and read_at is null and (ids is null or id = any (ids));
  get diagnostics changed = row_count;
  return changed;
end $$;
revoke execute on function public.mark_notifications_read(uuid[]) from public, anon;
grant execute on function public.mark_notifications_read(uuid[]) to authenticated;

-- The one writer: one statement for every recipient of one event (500 recipients, one INSERT).
-- Skips the actor themself, anyone in a block with the actor, and duplicates; groups unread rows.
create function private.notify(
  recipients uuid[], p_kind text, p_group_key text, p_actor uuid,
  p_post uuid default null, p_comment uuid default null, p_preview uuid default null,
  p_other uuid default null, p_data jsonb default '{}'::jsonb
) returns void
language sql security definer set search_path = '' as $$
  insert into public.notifications as n
    (recipient_id, kind, group_key, actor_id, actor_ids, post_id, comment_id, preview_id, other_id, data)
  select r, p_kind, p_group_key, p_actor, case when p_actor is null then '{}'::uuid[] else array[p_actor] end,
         p_post, p_comment, p_preview, p_other, coalesce(p_data, '{}'::jsonb)
    from (select distinct unnest(recipients) as r) t
   where r is not null
     and r is distinct from p_actor
     -- private.in_block(p_actor, r) as one anti-join instead of a call per recipient.
     and not exists (
       select 1 from public.blocks b
        where (b.blocker_id = p_actor and b.blocked_id = r) or (b.blocker_id = r and b.blocked_id = p_actor))
  on conflict (recipient_id, group_key) where read_at is null do update
     set actor_id = coalesce(excluded.actor_id, n.actor_id),
         actor_ids = case
           when excluded.actor_id is null or excluded.actor_id = any (n.actor_ids) then n.actor_ids
           else n.actor_ids || excluded.actor_id end,
         event_count = n.event_count + 1,
         post_id = coalesce(excluded.post_id, n.post_id),
         comment_id = coalesce(excluded.comment_id, n.comment_id),
         preview_id = coalesce(excluded.preview_id, n.preview_id),
         other_id = coalesce(excluded.other_id, n.other_id),
         data = n.data || excluded.data,
         last_event_at = now(),
         updated_at = now();
$$;
revoke execute on function private.notify(uuid[], text, text, uuid, uuid, uuid, uuid, uuid, jsonb) from public;

-- Community: comments and likes -----------------------------------------------------------------
-- A comment notifies the post's author, and everyone who commented on the post before (unless the
-- post is hidden: they can no longer see it). Grouped per post; the link goes to the latest comment.
create function private.notify_comment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  author uuid;
begin
  select p.user_id into author from public.posts p where p.id = new.post_id;
  if author is null then
    return null;
  end if;
  perform private.notify(array[author], 'comment_on_post', 'comment:' || new.post_id, new.user_id,
    new.post_id, new.id);
  if not private.post_hidden(new.post_id) then
    perform private.notify(
      array(select distinct c.user_id from public.comments c
             where c.post_id = new.post_id and c.id <> new.id and c.user_id <> author),
      'comment_on_thread', 'thread:' || new.post_id, new.user_id, new.post_id, new.id);
  end if;
  return null;
end $$;
create trigger notifications_on_comment after insert on public.comments
  for each row execute function private.notify_comment();

create function private.notify_like() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify(array(select p.user_id from public.posts p where p.id = new.post_id),
    'like_on_post', 'like:' || new.post_id, new.user_id, new.post_id);
  return null;
end $$;
create trigger notifications_on_like after insert on public.likes
  for each row execute function private.notify_like();

-- Friends: a request to me (also a declined one asked again), and the acceptance of mine ----------
create function private.notify_friendship() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'pending' and (tg_op = 'INSERT' or old.status <> 'pending') then
    perform private.notify(array[new.addressee_id], 'friend_request', 'friend_request:' || new.requester_id,
      new.requester_id, p_other => new.requester_id);
  elsif tg_op = 'UPDATE' and new.status = 'accepted' and old.status = 'pending' then
    perform private.notify(array[new.requester_id], 'friend_accepted', 'friend_accepted:' || new.addressee_id,
      new.addressee_id, p_other => new.addressee_id);
  end if;
  return null;
end $$;
create trigger notifications_on_friendship after insert or update of status on public.friendships
  for each row execute function private.notify_friendship();

-- Messages: grouped per conversation; reading the thread marks the group read --------------------
create function private.notify_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify(array[new.receiver_id], 'message', 'message:' || new.sender_id, new.sender_id,
    p_other => new.sender_id);
  return null;
end $$;
create trigger notifications_on_message after insert on public.messages
  for each row execute function private.notify_message();

create function private.messages_read_marks_notifications() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.notifications n set read_at = now(), updated_at = now()
    from (select distinct c.receiver_id, c.sender_id from changed c
            join previous o on o.id = c.id
           where c.read and not o.read) r
   where n.recipient_id = r.receiver_id and n.group_key = 'message:' || r.sender_id and n.read_at is null;
  return null;
end $$;
create trigger notifications_on_message_read after update on public.messages
  referencing old table as previous new table as changed
  for each statement execute function private.messages_read_marks_notifications();

-- Moderation: my content hidden after reports, and the moderator's decision -----------------------
create function private.notify_hidden() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.post_id is not null then
    perform private.notify(array(select p.user_id from public.posts p where p.id = new.post_id),
      'content_hidden', 'hidden:post:' || new.post_id, null, new.post_id);
  else
    perform private.notify(array(select c.user_id from public.comments c where c.id = new.comment_id),
      'content_hidden', 'hidden:comment:' || new.comment_id, null,
      (select c.post_id from public.comments c where c.id = new.comment_id), new.comment_id);
  end if;
  return null;
end $$;
create trigger notifications_on_hidden after insert on public.hidden_content
  for each row execute function private.notify_hidden();

-- "Remove" deletes the content right after closing the reports, so that notification keeps no
-- reference to it (it would cascade away), only a short excerpt of what was removed.
create function private.notify_moderation() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  author uuid;
  post uuid;
  excerpt text;
  kept boolean := new.status = 'kept';
begin
  if old.status <> 'open' or new.status = 'open' then
    return null;
  end if;
  if new.post_id is not null then
    select p.user_id, p.id, left(p.title, 80) into author, post, excerpt from public.posts p where p.id = new.post_id;
  elsif new.comment_id is not null then
    select c.user_id, c.post_id, left(c.content, 80) into author, post, excerpt
      from public.comments c where c.id = new.comment_id;
  end if;
  -- One decision closes every open report of the target: one notification, not one per report.
  if author is null or exists (
    select 1 from public.notifications n
     where n.recipient_id = author and n.created_at = now()
       and n.group_key = 'moderation:' || coalesce(new.post_id, new.comment_id) || ':' || new.status) then
    return null;
  end if;
  perform private.notify(array[author],
    case when kept then 'moderation_kept' else 'moderation_removed' end,
    'moderation:' || coalesce(new.post_id, new.comment_id) || ':' || new.status, null,
    case when kept then post end, case when kept then new.comment_id end,
    p_data => jsonb_build_object('excerpt', excerpt, 'target', case when new.post_id is null then 'comment' else 'post' end));
  return null;
end $$;
create trigger notifications_on_moderation after update of status on public.reports
  for each row execute function private.notify_moderation();

-- Timeline Alchemy: from the append-only history, the one place every preview event is written ---
create function private.notify_preview_event() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  admins uuid[] := array(select p.user_id from public.profiles p where p.role = 'admin');
  actor uuid := coalesce(new.actor_id, case when new.event in ('approved', 'changes_requested') then new.client_id end);
begin
  if new.event in ('created', 'edited') then
    perform private.notify(array[new.client_id], 'preview_to_review', 'preview_review', actor,
      p_preview => new.preview_id);
  elsif new.event in ('approved', 'changes_requested') then
    perform private.notify(admins,
      case when new.event = 'approved' then 'preview_approved' else 'preview_changes_requested' end,
      'preview_decision:' || new.id, actor, p_preview => new.preview_id,
      p_data => jsonb_strip_nulls(jsonb_build_object('revision', new.revision, 'feedback', left(new.feedback, 500))));
  elsif new.event = 'published' then
    perform private.notify(admins || new.client_id, 'preview_published', 'preview_published:' || new.preview_id,
      null, p_preview => new.preview_id);
  end if;
  return null;
end $$;
create trigger notifications_on_preview_event after insert on public.preview_history
  for each row execute function private.notify_preview_event();

-- A new block takes the blocked one out of the other's notifications, both ways --------------------
create function private.blocks_clear_notifications() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.notifications
   where ((recipient_id = new.blocker_id and actor_ids = array[new.blocked_id])
       or (recipient_id = new.blocked_id and actor_ids = array[new.blocker_id]));
  update public.notifications
     set actor_ids = array_remove(actor_ids, case when recipient_id = new.blocker_id then new.blocked_id else new.blocker_id end),
         actor_id = case when actor_id in (new.blocked_id, new.blocker_id)
           then (array_remove(actor_ids, actor_id))[cardinality(actor_ids) - 1] else actor_id end
   where (recipient_id = new.blocker_id and new.blocked_id = any (actor_ids))
      or (recipient_id = new.blocked_id and new.blocker_id = any (actor_ids));
  delete from public.notifications
   where recipient_id in (new.blocker_id, new.blocked_id)
     and other_id in (new.blocker_id, new.blocked_id);
  return null;
end $$;
create trigger notifications_on_block after insert on public.blocks
  for each row execute function private.blocks_clear_notifications();

alter publication supabase_realtime add table public.notifications;
