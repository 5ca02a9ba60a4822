-- Timeline Alchemy: approval pinned to a revision, an append-only history per preview,
-- publishing through one function, counts in one query, and review links without an account.
--
-- The invariants live in triggers on public.previews, so they hold whichever path writes the row
-- (the wizard's function, a direct admin update through PostgREST, a seed):
--   * every change of what the client sees (channel, template, draft_content, scheduled_at,
--     scheduled_zone, admin_notes) is a new revision, and an edit returns the preview to pending;
--   * signed-in callers never set status, revision or review columns directly: only the SECURITY
--     DEFINER functions below (approve, request changes, publish) do.

create type public.preview_event as enum ('created', 'edited', 'approved', 'changes_requested', 'published');

alter table public.previews
  add column revision integer not null default 1,
  add column approved_revision integer,
  add column reviewed_revision integer,
  add column scheduled_zone text not null default 'Europe/Amsterdam',
  add column published_at timestamptz,
  add constraint previews_scheduled_zone_length check (char_length(scheduled_zone) between 1 and 64),
  add constraint previews_admin_notes_length check (char_length(admin_notes) <= 5000);

-- Keyset pagination of the dashboard and of a client's list: (created_at, id) newest first.
create index previews_created_id_idx on public.previews (created_at desc, id desc);
create index previews_client_created_id_idx on public.previews (client_id, created_at desc, id desc);
create index previews_due_idx on public.previews (scheduled_at) where status = 'approved';
-- preview_counts() reads only these columns (client_id for the RLS filter): an index-only scan.
create index previews_counts_idx on public.previews (status, scheduled_at, client_id);

-- One row per saved state of a preview, numbered from 1. Written only by the trigger below.
create table public.preview_revisions (
  id uuid primary key default gen_random_uuid(),
  preview_id uuid not null references public.previews (id) on delete cascade,
  -- Denormalised so the read policy needs no join.
  client_id uuid not null,
  revision integer not null check (revision >= 1),
  channel text not null,
  template text not null,
  draft_content jsonb not null,
  scheduled_at timestamptz,
  scheduled_zone text not null,
  admin_notes text,
  created_by uuid,
  created_at timestamptz not null default now(),
  unique (preview_id, revision)
);
create index preview_revisions_client_idx on public.preview_revisions (client_id);
create trigger preview_revisions_server_timestamps before insert or update on public.preview_revisions
  for each row execute function private.server_timestamps();

-- Append-only ledger of what happened to each preview. It keeps no foreign key to previews on
-- purpose: deleting a preview must not erase the evidence of what a client approved.
create table public.preview_history (
  id bigint generated always as identity primary key,
  preview_id uuid not null,
  client_id uuid not null,
  event public.preview_event not null,
  revision integer,
  actor_id uuid,
  via_link boolean not null default false,
  feedback text,
  created_at timestamptz not null default now()
);
create index preview_history_preview_idx on public.preview_history (preview_id, id);
create index preview_history_client_idx on public.preview_history (client_id);
create trigger preview_history_server_timestamps before insert or update on public.preview_history
  for each row execute function private.server_timestamps();

create function private.preview_history_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'preview history is append-only' using errcode = '42501';
end $$;
create trigger preview_history_append_only before update or delete on public.preview_history
  for each row execute function private.preview_history_append_only();
create trigger preview_history_no_truncate before truncate on public.preview_history
  for each statement execute function private.preview_history_append_only();

-- Review links: a random 256-bit token is shown once; only its SHA-256 is stored.
create table public.preview_review_links (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references public.clients (profile_id) on delete cascade,
  token_hash bytea not null unique,
  created_by uuid,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index preview_review_links_client_idx on public.preview_review_links (client_id);
create trigger preview_review_links_server_timestamps before insert or update on public.preview_review_links
  for each row execute function private.server_timestamps();

alter table public.preview_revisions enable row level security;
alter table public.preview_history enable row level security;
alter table public.preview_review_links enable row level security;

create policy "admins read revisions, clients those of their previews" on public.preview_revisions
  for select to authenticated
  using ((select public.is_admin()) or client_id = (select auth.uid()));
create policy "admins read history, clients that of their previews" on public.preview_history
  for select to authenticated
  using ((select public.is_admin()) or client_id = (select auth.uid()));
create policy "admins read review links" on public.preview_review_links
  for select to authenticated using ((select public.is_admin()));
-- Nobody writes these three tables directly; the triggers and functions below do.
revoke insert, update, delete, truncate on public.preview_revisions, public.preview_history,
  public.preview_review_links from anon, authenticated;
-- The hash is never readable through the API, not even by an admin.
revoke select on public.preview_review_links from anon, authenticated;
grant select (id, client_id, created_by, expires_at, revoked_at, last_used_at, created_at, updated_at)
  on public.preview_review_links to authenticated;

-- Guard and revision bookkeeping --------------------------------------------------------------
create function private.previews_before_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  api_caller boolean := current_user in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    new.revision := 1;
    if api_caller then
      -- A new preview always starts pending and unreviewed, whatever the caller sent.
      new.status := 'pending';
      new.approved_revision := null;
      new.reviewed_revision := null;
      new.reviewed_at := null;
      new.client_feedback := null;
      new.published_at := null;
      new.created_by := (select auth.uid());
    end if;
    return new;
  end if;

  if api_caller and (
    new.status is distinct from old.status
    or new.revision is distinct from old.revision
    or new.approved_revision is distinct from old.approved_revision
    or new.reviewed_revision is distinct from old.reviewed_revision
    or new.reviewed_at is distinct from old.reviewed_at
    or new.client_feedback is distinct from old.client_feedback
    or new.published_at is distinct from old.published_at
    or new.client_id is distinct from old.client_id
    or new.created_by is distinct from old.created_by
  ) then
    raise exception 'status and review fields change only through the preview functions'
      using errcode = '42501';
  end if;

  if (new.channel, new.template, new.draft_content, new.scheduled_at, new.scheduled_zone, new.admin_notes)
     is distinct from
     (old.channel, old.template, old.draft_content, old.scheduled_at, old.scheduled_zone, old.admin_notes) then
    if old.status = 'published' then
      raise exception 'a published preview cannot be edited' using errcode = '22023';
    end if;
    -- An edit is a new revision; whatever was approved before no longer covers it.
    new.revision := old.revision + 1;
    new.status := 'pending';
    new.approved_revision := null;
  end if;
  return new;
end $$;
create trigger previews_before_write before insert or update on public.previews
  for each row execute function private.previews_before_write();

create function private.previews_after_write() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' or new.revision is distinct from old.revision then
    insert into public.preview_revisions (preview_id, client_id, revision, channel, template,
      draft_content, scheduled_at, scheduled_zone, admin_notes, created_by)
    values (new.id, new.client_id, new.revision, new.channel, new.template, new.draft_content,
      new.scheduled_at, new.scheduled_zone, new.admin_notes, coalesce((select auth.uid()), new.created_by));
    insert into public.preview_history (preview_id, client_id, event, revision, actor_id)
    values (new.id, new.client_id, case when tg_op = 'INSERT' then 'created' else 'edited' end::public.preview_event,
      new.revision, coalesce((select auth.uid()), new.created_by));
  end if;
  return null;
end $$;
create trigger previews_after_write after insert or update on public.previews
  for each row execute function private.previews_after_write();

-- Previews that existed before this migration get their revision 1 and a 'created' entry.
insert into public.preview_revisions (preview_id, client_id, revision, channel, template, draft_content,
  scheduled_at, scheduled_zone, admin_notes, created_by)
select id, client_id, 1, channel, template, draft_content, scheduled_at, scheduled_zone, admin_notes, created_by
  from public.previews;
insert into public.preview_history (preview_id, client_id, event, revision, actor_id)
select id, client_id, 'created', 1, created_by from public.previews;

-- Validation shared by create and edit -------------------------------------------------------
create function private.check_preview_input(
  client_id uuid, channel text, draft_content jsonb, scheduled_at timestamptz, scheduled_zone text
) returns void
language plpgsql stable set search_path = '' as $$
begin
  if not exists (select 1 from public.clients c where c.profile_id = check_preview_input.client_id) then
    raise exception 'client not found' using errcode = 'PT404';
  end if;
  if channel is null or btrim(channel) = '' then
    raise exception 'choose at least one platform' using errcode = '22023';
  end if;
  if jsonb_typeof(draft_content) is distinct from 'object'
     or btrim(coalesce(draft_content ->> 'content', '')) = '' then
    raise exception 'content is required' using errcode = '22023';
  end if;
  if octet_length(draft_content::text) > 200000 then
    raise exception 'content is too long' using errcode = '22023';
  end if;
  -- The platforms' own limits, as the editor shows them (X's weighted length needs twitter-text,
  -- so the database only bounds it loosely: a URL counts 23 whatever its length).
  if exists (
    select 1 from jsonb_each_text(coalesce(draft_content -> 'platforms', '{}'::jsonb)) as t(platform, body)
     where char_length(body) > case platform
             when 'Facebook' then 63206 when 'Instagram' then 2200 when 'LinkedIn' then 3000
             when 'X (Twitter)' then 4000 else 10000 end
        or (platform = 'Instagram'
            and (select count(*) from regexp_matches(body, '(^|[^[:alnum:]_&#])#[[:alnum:]_]*[[:alpha:]][[:alnum:]_]*', 'g')) > 5)
  ) then
    raise exception 'a text is longer than its platform allows, or has more than 5 Instagram hashtags'
      using errcode = '22023';
  end if;
  if scheduled_at is not null and scheduled_at < now() - interval '5 minutes' then
    raise exception 'the scheduled time is in the past' using errcode = '22023';
  end if;
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = scheduled_zone) then
    raise exception 'unknown time zone' using errcode = '22023';
  end if;
end $$;

-- The wizard's save: idea and preview (and through the trigger revision 1 and 'created') in one
-- transaction, so a failure leaves neither behind.
create function public.create_preview_with_idea(
  client_id uuid,
  title text,
  channel text,
  draft_content jsonb,
  scheduled_at timestamptz default null,
  scheduled_zone text default 'Europe/Amsterdam',
  admin_notes text default null,
  idea_metadata jsonb default '{}'::jsonb
) returns public.previews
language plpgsql security definer set search_path = '' as $$
declare
  new_idea uuid;
  result public.previews;
begin
  if not public.is_admin() then
    raise exception 'only an admin can create previews' using errcode = '42501';
  end if;
  perform private.check_preview_input(client_id, channel, draft_content, scheduled_at, scheduled_zone);
  insert into public.ideas (title, description, status, created_by, metadata)
  values (
    left(coalesce(nullif(btrim(title), ''), left(btrim(draft_content ->> 'content'), 80)), 200),
    left(draft_content ->> 'content', 200),
    'draft',
    (select auth.uid()),
    coalesce(idea_metadata, '{}'::jsonb) || jsonb_build_object('template', channel, 'channel', channel,
      'selectedPosts', coalesce(draft_content -> 'selectedPosts', '[]'::jsonb))
  )
  returning id into new_idea;
  insert into public.previews (idea_id, client_id, channel, template, draft_content, scheduled_at,
    scheduled_zone, status, created_by, admin_notes)
  values (new_idea, client_id, channel, channel, draft_content, scheduled_at, scheduled_zone,
    'pending', (select auth.uid()), nullif(btrim(admin_notes), ''))
  returning * into result;
  return result;
end $$;

-- An admin's edit: a new revision, back to pending (see the trigger).
create function public.edit_preview(
  preview_id uuid,
  channel text,
  draft_content jsonb,
  scheduled_at timestamptz default null,
  scheduled_zone text default 'Europe/Amsterdam',
  admin_notes text default null
) returns public.previews
language plpgsql security definer set search_path = '' as $$
declare
  existing public.previews;
  result public.previews;
begin
  if not public.is_admin() then
    raise exception 'only an admin can edit previews' using errcode = '42501';
  end if;
  select * into existing from public.previews where id = preview_id for update;
  if existing.id is null then
    raise exception 'preview not found' using errcode = 'PT404';
  end if;
  perform private.check_preview_input(existing.client_id, channel, draft_content, scheduled_at, scheduled_zone);
  update public.previews p
     set channel = edit_preview.channel, template = edit_preview.channel,
         draft_content = edit_preview.draft_content, scheduled_at = edit_preview.scheduled_at,
         scheduled_zone = edit_preview.scheduled_zone, admin_notes = nullif(btrim(edit_preview.admin_notes), '')
   where p.id = preview_id
  returning * into result;
  return result;
end $$;

-- Client decisions ---------------------------------------------------------------------------
-- The one place where approval and change requests happen, for signed-in clients and links.
create function private.decide_preview(
  target uuid, owner uuid, decision public.preview_event, expected_revision integer,
  feedback text, actor uuid, via_link boolean
) returns public.previews
language plpgsql security definer set search_path = '' as $$
declare
  cur public.previews;
  result public.previews;
begin
  select * into cur from public.previews where id = target and client_id = owner for update;
  if cur.id is null then
    raise exception 'no preview of yours with this id' using errcode = 'PT404';
  end if;
  if expected_revision is not null and expected_revision <> cur.revision then
    raise exception 'the preview changed since you opened it; look at the new version first'
      using errcode = 'PT409';
  end if;
  if decision = 'approved' then
    if cur.status <> 'pending' then
      raise exception 'no pending preview of yours with this id' using errcode = 'PT404';
    end if;
    update public.previews
       set status = 'approved', reviewed_at = now(), approved_revision = cur.revision,
           reviewed_revision = cur.revision
     where id = target returning * into result;
  else
    if feedback is null or btrim(feedback) = '' then
      raise exception 'feedback is required' using errcode = '22023';
    end if;
    if cur.status not in ('pending', 'approved', 'published') then
      raise exception 'no preview of yours with this id can take change requests' using errcode = 'PT404';
    end if;
    update public.previews
       set status = 'rejected', client_feedback = left(btrim(feedback), 5000), reviewed_at = now(),
           approved_revision = null, reviewed_revision = cur.revision
     where id = target returning * into result;
  end if;
  insert into public.preview_history (preview_id, client_id, event, revision, actor_id, via_link, feedback)
  values (target, owner, decision, cur.revision, actor, via_link,
    case when decision = 'changes_requested' then left(btrim(feedback), 5000) end);
  return result;
end $$;

create or replace function public.approve_preview(preview_id uuid) returns public.previews
language sql security definer set search_path = '' as $$
  select private.decide_preview(preview_id, (select auth.uid()), 'approved', null, null, (select auth.uid()), false);
$$;

-- Approve exactly the revision the client looked at; a newer one is refused with PT409.
create function public.approve_preview_revision(preview_id uuid, revision integer) returns public.previews
language sql security definer set search_path = '' as $$
  select private.decide_preview(preview_id, (select auth.uid()), 'approved', revision, null, (select auth.uid()), false);
$$;

create or replace function public.request_preview_changes(preview_id uuid, feedback text) returns public.previews
language sql security definer set search_path = '' as $$
  select private.decide_preview(preview_id, (select auth.uid()), 'changes_requested', null, feedback,
    (select auth.uid()), false);
$$;

-- Publishing ---------------------------------------------------------------------------------
-- Approved previews whose time has come, approved in their current revision, become published.
-- Idempotent: a second run finds nothing left. Only the service role (the timer) may call it.
create function public.publish_due_previews() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  published integer;
begin
  with due as (
    update public.previews
       set status = 'published', published_at = now()
     where status = 'approved' and scheduled_at is not null and scheduled_at <= now()
       and approved_revision = revision
    returning id, client_id, revision
  ), logged as (
    insert into public.preview_history (preview_id, client_id, event, revision)
    select id, client_id, 'published', revision from due
    returning 1
  )
  select count(*) into published from logged;
  return published;
end $$;

-- Counts -------------------------------------------------------------------------------------
-- One query for the dashboard's and the client's stat cards; RLS decides which rows count.
create function public.preview_counts()
returns table (total bigint, pending bigint, approved bigint, rejected bigint, published bigint, overdue bigint)
language sql stable security invoker set search_path = '' as $$
  select count(*),
         count(*) filter (where status = 'pending'),
         count(*) filter (where status = 'approved'),
         count(*) filter (where status = 'rejected'),
         count(*) filter (where status = 'published'),
         count(*) filter (where status = 'pending' and scheduled_at < now())
    from public.previews;
$$;

-- Review links -------------------------------------------------------------------------------
create function private.review_link_client(token text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  link public.preview_review_links;
begin
  if token is null or char_length(token) < 20 or char_length(token) > 200 then
    raise exception 'this review link is not valid' using errcode = 'PT401';
  end if;
  select * into link from public.preview_review_links
   where token_hash = pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8'));
  if link.id is null or link.revoked_at is not null or link.expires_at <= now() then
    raise exception 'this review link is not valid or has expired' using errcode = 'PT401';
  end if;
  update public.preview_review_links set last_used_at = now() where id = link.id;
  return link.client_id;
end $$;

-- Creates a link for a client; the token is returned once and never stored.
create function public.create_review_link(client_id uuid, valid_hours integer default 168)
returns table (link_id uuid, token text, expires_at timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  raw text := pg_catalog.translate(pg_catalog.encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
  created public.preview_review_links;
begin
  if not public.is_admin() then
    raise exception 'only an admin can create review links' using errcode = '42501';
  end if;
  if valid_hours is null or valid_hours < 1 or valid_hours > 24 * 30 then
    raise exception 'a review link is valid between 1 hour and 30 days' using errcode = '22023';
  end if;
  if not exists (select 1 from public.clients c where c.profile_id = create_review_link.client_id) then
    raise exception 'client not found' using errcode = 'PT404';
  end if;
  insert into public.preview_review_links (client_id, token_hash, created_by, expires_at)
  values (client_id, pg_catalog.sha256(pg_catalog.convert_to(raw, 'UTF8')), (select auth.uid()),
    now() + pg_catalog.make_interval(hours => valid_hours))
  returning * into created;
  return query select created.id, raw, created.expires_at;
end $$;

create function public.revoke_review_link(link_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'only an admin can revoke review links' using errcode = '42501';
  end if;
  update public.preview_review_links set revoked_at = coalesce(revoked_at, now()) where id = link_id;
  if not found then
    raise exception 'review link not found' using errcode = 'PT404';
  end if;
end $$;

-- What a link shows: the client's name and its pending previews, each with the text of the
-- revision the client last reviewed (for the diff).
create function public.review_link_open(token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid := private.review_link_client(token);
begin
  return jsonb_build_object(
    'client', (select jsonb_build_object('name', c.name, 'organization', c.organization)
                 from public.clients c where c.profile_id = owner),
    'previews', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'title', i.title, 'channel', p.channel, 'draft_content', p.draft_content,
               'scheduled_at', p.scheduled_at, 'scheduled_zone', p.scheduled_zone, 'status', p.status,
               'revision', p.revision, 'reviewed_revision', p.reviewed_revision,
               'admin_notes', p.admin_notes, 'client_feedback', p.client_feedback,
               'created_at', p.created_at,
               'reviewed_content', (select r.draft_content from public.preview_revisions r
                                     where r.preview_id = p.id and r.revision = p.reviewed_revision))
             order by p.scheduled_at nulls last, p.created_at)
        from public.previews p left join public.ideas i on i.id = p.idea_id
       where p.client_id = owner and p.status = 'pending'), '[]'::jsonb)
  );
end $$;

create function public.review_link_approve(token text, preview_id uuid, revision integer)
returns public.previews
language sql security definer set search_path = '' as $$
  select private.decide_preview(preview_id, private.review_link_client(token), 'approved', revision,
    null, null, true);
$$;

create function public.review_link_request_changes(token text, preview_id uuid, feedback text)
returns public.previews
language sql security definer set search_path = '' as $$
  select private.decide_preview(preview_id, private.review_link_client(token), 'changes_requested',
    null, feedback, null, true);
$$;

-- Who may call what --------------------------------------------------------------------------
revoke execute on function private.previews_before_write, private.previews_after_write,
  private.check_preview_input, private.decide_preview, private.review_link_client,
  private.preview_history_append_only from public, anon, authenticated;
revoke execute on function public.create_preview_with_idea, public.edit_preview,
  public.approve_preview, public.approve_preview_revision, public.request_preview_changes,
  public.create_review_link, public.revoke_review_link, public.preview_counts,
  public.publish_due_previews, public.review_link_open, public.review_link_approve,
  public.review_link_request_changes from public, anon;
revoke execute on function public.publish_due_previews from authenticated;
grant execute on function public.publish_due_previews to service_role;
grant execute on function public.create_preview_with_idea, public.edit_preview,
  public.approve_preview, public.approve_preview_revision, public.request_preview_changes,
  public.create_review_link, public.revoke_review_link, public.preview_counts to authenticated;
grant execute on function public.review_link_open, public.review_link_approve,
  public.review_link_request_changes to anon, authenticated;
