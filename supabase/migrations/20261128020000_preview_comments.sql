-- Conversations on a preview (issue 27, point 5): one thread per preview between the admins, the
-- preview's client and a review-link visitor (who writes under a name given on the page). Each
-- comment is kept with the revision it was written on and can be resolved and reopened.
--
-- Who may do what (RLS and the functions below; tests/integration/ta-conversation.test.ts):
--   * read: admins every thread, a client the threads of their own previews; members and anon none;
--   * write: only through public.add_preview_comment (signed in: admin or the preview's client) and
--     public.review_link_add_comment (a valid review link, through /api/timeline-alchemy/review);
--     the author, their kind and the time are set here, never by the caller;
--   * resolve/reopen: admins and the preview's client; edit: the author only, marked as edited.
--
-- The single feedback field is replaced: every change request's comment (preview_history's
-- 'changes_requested' entries, old ones migrated below and new ones through a trigger) is the
-- thread entry of its revision. previews.client_feedback stays readable as before.

create table public.preview_comments (
  id uuid primary key default gen_random_uuid(),
  preview_id uuid not null references public.previews (id) on delete cascade,
  -- Denormalised so the read policy needs no join (as preview_revisions).
  client_id uuid not null,
  revision integer not null check (revision >= 1),
  author_id uuid references public.profiles (user_id) on delete set null,
  author_kind text not null check (author_kind in ('admin', 'client', 'link')),
  -- The name shown: the member's display name when written, or the name a link visitor gave.
  author_name text check (char_length(author_name) between 1 and 80),
  review_link_id uuid references public.preview_review_links (id) on delete set null,
  -- The change request this entry is (preview_history's 'changes_requested' row), if it is one.
  history_id bigint unique,
  body text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  edited_at timestamptz,
  resolved_at timestamptz,
  resolved_by uuid references public.profiles (user_id) on delete set null,
  -- A change request could hold 5000 characters; a comment holds 2000.
  constraint preview_comments_body_length check (
    char_length(btrim(body)) >= 1 and char_length(body) <= case when history_id is null then 2000 else 5000 end),
  constraint preview_comments_link_has_no_member check (author_kind <> 'link' or author_id is null)
);
create index preview_comments_preview_idx on public.preview_comments (preview_id, created_at, id);
create index preview_comments_client_idx on public.preview_comments (client_id);
create index preview_comments_link_idx on public.preview_comments (review_link_id, created_at)
  where review_link_id is not null;
create index preview_comments_open_idx on public.preview_comments (preview_id) where resolved_at is null;
-- The functions below run as the definer and set the times themselves (the backfill keeps the
-- original times); any other writer gets server timestamps.
create trigger preview_comments_server_timestamps before insert or update on public.preview_comments
  for each row when (current_user in ('anon', 'authenticated', 'service_role'))
  execute function private.server_timestamps();

alter table public.preview_comments enable row level security;
create policy "admins read every thread, clients those of their previews" on public.preview_comments
  for select to authenticated
  using ((select public.is_admin()) or client_id = (select auth.uid()));
revoke insert, update, delete, truncate on public.preview_comments from anon, authenticated;
revoke all on public.preview_comments from anon;

insert into private.rate_limits (action, per_hour) values ('preview_comment', 120)
  on conflict (action) do nothing;

-- The preview the caller may talk about: an admin any, a client their own. Raises PT404 otherwise.
create function private.preview_for_thread(target uuid) returns public.previews
language plpgsql stable security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  found_preview public.previews;
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  select * into found_preview from public.previews p
   where p.id = target and (public.is_admin() or p.client_id = me);
  if found_preview.id is null then
    raise exception 'no preview of yours with this id' using errcode = 'PT404';
  end if;
  return found_preview;
end $$;

create function private.check_comment_body(body text) returns text
language plpgsql immutable set search_path = '' as $$
begin
  if body is null or btrim(body) = '' then
    raise exception 'write a comment first' using errcode = '22023';
  end if;
  if char_length(btrim(body)) > 2000 then
    raise exception 'a comment holds at most 2000 characters' using errcode = '22023';
  end if;
  return btrim(body);
end $$;

-- A signed-in comment: the author is the caller, on the preview's current revision.
create function public.add_preview_comment(preview_id uuid, body text) returns public.preview_comments
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  target public.previews := private.preview_for_thread(preview_id);
  admin boolean := public.is_admin();
  text_ text := private.check_comment_body(body);
  result public.preview_comments;
begin
  perform private.take_rate_limit('preview_comment');
  insert into public.preview_comments (preview_id, client_id, revision, author_id, author_kind, author_name, body)
  values (target.id, target.client_id, target.revision, me,
    case when admin then 'admin' else 'client' end,
    (select left(coalesce(nullif(btrim(p.display_name), ''), nullif(btrim(c.name), '')), 80)
       from public.profiles p left join public.clients c on c.profile_id = p.user_id
      where p.user_id = me),
    text_)
  returning * into result;
  return result;
end $$;

-- Resolve (true) or reopen (false) a comment of a thread the caller may read.
create function public.set_preview_comment_resolved(comment_id uuid, resolved boolean)
returns public.preview_comments
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  result public.preview_comments;
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  if resolved is null then
    raise exception 'resolved must be true or false' using errcode = '22023';
  end if;
  update public.preview_comments c
     set resolved_at = case when resolved then coalesce(c.resolved_at, now()) end,
         resolved_by = case when resolved then coalesce(c.resolved_by, me) end,
         updated_at = now()
   where c.id = comment_id and (public.is_admin() or c.client_id = me)
  returning * into result;
  if result.id is null then
    raise exception 'no comment of yours with this id' using errcode = 'PT404';
  end if;
  return result;
end $$;

-- The author corrects their own comment (never a change request's entry); marked as edited.
create function public.edit_preview_comment(comment_id uuid, body text) returns public.preview_comments
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  text_ text := private.check_comment_body(body);
  result public.preview_comments;
begin
  if me is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  update public.preview_comments c
     set body = text_, edited_at = now(), updated_at = now()
   where c.id = comment_id and c.author_id = me and c.history_id is null
     and (public.is_admin() or c.client_id = me)
  returning * into result;
  if result.id is null then
    raise exception 'no comment of yours with this id' using errcode = 'PT404';
  end if;
  return result;
end $$;

-- Review links -------------------------------------------------------------------------------
-- What a link visitor sees of a comment: no member ids.
create function private.comment_for_link(c public.preview_comments) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('id', c.id, 'preview_id', c.preview_id, 'revision', c.revision,
    'author_kind', c.author_kind, 'author_name', c.author_name, 'body', c.body,
    'created_at', c.created_at, 'edited_at', c.edited_at, 'resolved_at', c.resolved_at);
$$;

-- The threads of the previews a link shows (its client's pending previews), oldest first.
create function public.review_link_comments(token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid := private.review_link_client(token);
begin
  return coalesce((
    select jsonb_agg(private.comment_for_link(c) order by c.created_at, c.id)
      from public.preview_comments c join public.previews p on p.id = c.preview_id
     where c.client_id = owner and p.client_id = owner and p.status = 'pending'), '[]'::jsonb);
end $$;

-- A link visitor's comment under the name they gave, on a pending preview of the link's client.
-- At most 30 an hour per link (an advisory lock per link, so a burst counts right).
create function public.review_link_add_comment(token text, preview_id uuid, name text, body text)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid := private.review_link_client(token);
  link_id uuid;
  target public.previews;
  text_ text := private.check_comment_body(body);
  result public.preview_comments;
begin
  if name is null or char_length(btrim(name)) not between 1 and 80 then
    raise exception 'give your name (at most 80 characters)' using errcode = '22023';
  end if;
  select l.id into link_id from public.preview_review_links l
   where l.token_hash = pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8'));
  select * into target from public.previews p
   where p.id = review_link_add_comment.preview_id and p.client_id = owner and p.status = 'pending';
  if target.id is null then
    raise exception 'no pending preview of this client has this id' using errcode = 'PT404';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('rate:link_comment:' || link_id::text, 0));
  if (select count(*) from public.preview_comments c
       where c.review_link_id = link_id and c.created_at > now() - interval '1 hour') >= 30 then
    raise exception 'rate limit: at most 30 comments an hour through one link' using errcode = 'PT429';
  end if;
  insert into public.preview_comments (preview_id, client_id, revision, author_kind, author_name,
    review_link_id, body)
  values (target.id, owner, target.revision, 'link', btrim(name), link_id, text_)
  returning * into result;
  return private.comment_for_link(result);
end $$;

-- Change requests are the thread's entry of their revision -------------------------------------
create function private.change_request_comment() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.event = 'changes_requested' and nullif(btrim(new.feedback), '') is not null
     and exists (select 1 from public.previews p where p.id = new.preview_id) then
    insert into public.preview_comments (preview_id, client_id, revision, author_id, author_kind,
      author_name, history_id, body, created_at, updated_at)
    values (new.preview_id, new.client_id, coalesce(new.revision, 1), new.actor_id,
      case when new.via_link then 'link' else 'client' end,
      (select left(coalesce(nullif(btrim(pr.display_name), ''), nullif(btrim(c.name), '')), 80)
         from public.clients c left join public.profiles pr on pr.user_id = coalesce(new.actor_id, c.profile_id)
        where c.profile_id = new.client_id),
      new.id, btrim(new.feedback), new.created_at, new.created_at)
    on conflict (history_id) do nothing;
  end if;
  return null;
end $$;
create trigger preview_history_change_request_comment after insert on public.preview_history
  for each row execute function private.change_request_comment();

-- The change requests made before this migration, with their original time.
insert into public.preview_comments (preview_id, client_id, revision, author_id, author_kind, author_name,
  history_id, body, created_at, updated_at)
select h.preview_id, h.client_id, coalesce(h.revision, 1),
       case when h.via_link then null else h.actor_id end,
       case when h.via_link then 'link' else 'client' end,
       (select left(coalesce(nullif(btrim(pr.display_name), ''), nullif(btrim(c.name), '')), 80)
          from public.clients c
          left join public.profiles pr on pr.user_id = coalesce(case when h.via_link then null else h.actor_id end, c.profile_id)
         where c.profile_id = h.client_id),
       h.id, btrim(h.feedback), h.created_at, h.created_at
  from public.preview_history h join public.previews p on p.id = h.preview_id
 where h.event = 'changes_requested' and nullif(btrim(h.feedback), '') is not null
    on conflict (history_id) do nothing;

-- Notifications: a new comment tells the other side -------------------------------------------
do $$
declare
  def text;
begin
  select pg_catalog.pg_get_constraintdef(c.oid) into def from pg_catalog.pg_constraint c
   where c.conrelid = 'public.notifications'::regclass and c.conname = 'notifications_kind';
  if def is not null and position('''preview_comment''' in def) = 0 then
    alter table public.notifications drop constraint notifications_kind;
    execute 'alter table public.notifications add constraint notifications_kind '
      || replace(def, 'ARRAY[', 'ARRAY[''preview_comment''::text, ');
  end if;
end $$;

-- An admin's comment notifies the client; the client's or a link visitor's notifies the admins.
-- A change request's entry is not notified twice (preview_changes_requested already is). Grouped
-- per preview while unread; the topic is 'alchemy' (private.notification_topic), so the person's
-- choices for Timeline Alchemy apply, in the app and by mail.
create function private.notify_preview_comment() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.history_id is not null then
    return null;
  end if;
  perform private.notify(
    case when new.author_kind = 'admin' then array[new.client_id]
         else array(select p.user_id from public.profiles p where p.role = 'admin') end,
    'preview_comment', 'preview_comment:' || new.preview_id, new.author_id, p_preview => new.preview_id,
    p_data => jsonb_strip_nulls(jsonb_build_object('name', new.author_name, 'excerpt', left(new.body, 200),
      'for', case when new.author_kind = 'admin' then 'client' else 'admin' end)));
  return null;
end $$;
create trigger notifications_on_preview_comment after insert on public.preview_comments
  for each row execute function private.notify_preview_comment();

alter publication supabase_realtime add table public.preview_comments;

-- Who may call what --------------------------------------------------------------------------
revoke execute on function private.preview_for_thread(uuid), private.check_comment_body(text),
  private.comment_for_link(public.preview_comments), private.change_request_comment(),
  private.notify_preview_comment() from public, anon, authenticated;
revoke execute on function public.add_preview_comment(uuid, text),
  public.set_preview_comment_resolved(uuid, boolean), public.edit_preview_comment(uuid, text),
  public.review_link_comments(text), public.review_link_add_comment(text, uuid, text, text)
  from public, anon;
grant execute on function public.add_preview_comment(uuid, text),
  public.set_preview_comment_resolved(uuid, boolean), public.edit_preview_comment(uuid, text)
  to authenticated;
grant execute on function public.review_link_comments(text),
  public.review_link_add_comment(text, uuid, text, text) to anon, authenticated;
