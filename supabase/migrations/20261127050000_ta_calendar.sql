-- Timeline Alchemy calendar (issue 27, point 4): moving a scheduled preview, and a private
-- iCalendar feed of a client's schedule.
--
-- Reading the calendar needs nothing new: previews and preview_publications are readable by admins
-- and by the client they belong to (their RLS policies), and the calendar reads them by range.

-- Moving -------------------------------------------------------------------------------------
-- The admin drags (or moves by keyboard) a preview to another time. Only an admin; never a
-- published preview, nor one whose publishing has begun (it has publication rows: the worker may
-- be posting it right now). The time is part of what the client approves, so the revision
-- trigger makes the move a new revision and returns an approved preview to pending: nothing is
-- posted at a time the client did not agree to.
create function public.reschedule_preview(preview_id uuid, scheduled_at timestamptz)
returns public.previews
language plpgsql security definer set search_path = '' as $$
declare
  cur public.previews;
  result public.previews;
begin
  if not public.is_admin() then
    raise exception 'only an admin can move previews' using errcode = '42501';
  end if;
  if reschedule_preview.scheduled_at is null then
    raise exception 'a time is required' using errcode = '22023';
  end if;
  select * into cur from public.previews p where p.id = reschedule_preview.preview_id for update;
  if cur.id is null then
    raise exception 'preview not found' using errcode = 'PT404';
  end if;
  if cur.status = 'published' then
    raise exception 'a published preview cannot be moved' using errcode = 'PT409';
  end if;
  if exists (select 1 from public.preview_publications u where u.preview_id = cur.id) then
    raise exception 'this preview is being published and cannot be moved' using errcode = 'PT409';
  end if;
  if reschedule_preview.scheduled_at < now() - interval '5 minutes' then
    raise exception 'the scheduled time is in the past' using errcode = '22023';
  end if;
  if cur.scheduled_at = reschedule_preview.scheduled_at then
    return cur;
  end if;
  update public.previews p set scheduled_at = reschedule_preview.scheduled_at
   where p.id = cur.id
  returning * into result;
  return result;
end $$;
revoke execute on function public.reschedule_preview(uuid, timestamptz) from public, anon;
grant execute on function public.reschedule_preview(uuid, timestamptz) to authenticated;

-- Calendar feed ------------------------------------------------------------------------------
-- One private feed link per client. Only the SHA-256 of the token is kept: the link is shown once
-- when made; "new link" replaces it, "revoke" deletes it, and the old link then answers 404.
create table private.calendar_feeds (
  client_id uuid primary key references public.clients (profile_id) on delete cascade,
  token_hash bytea not null unique,
  locale text not null default 'nl' check (locale in ('nl', 'en', 'de')),
  created_at timestamptz not null default now()
);
revoke all on private.calendar_feeds from public, anon, authenticated;

-- The signed-in client makes a new link (replacing any old one); returns the token, once.
create function public.calendar_feed_new(locale text default 'nl') returns text
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  raw text := pg_catalog.translate(pg_catalog.encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
begin
  if me is null or not exists (select 1 from public.clients c where c.profile_id = me) then
    raise exception 'only a client has a calendar feed' using errcode = '42501';
  end if;
  perform private.refuse_deleted_client(me);
  insert into private.calendar_feeds (client_id, token_hash, locale, created_at)
  values (me, pg_catalog.sha256(pg_catalog.convert_to(raw, 'UTF8')),
          case when calendar_feed_new.locale in ('nl', 'en', 'de') then calendar_feed_new.locale else 'nl' end, now())
  on conflict (client_id) do update
    set token_hash = excluded.token_hash, locale = excluded.locale, created_at = excluded.created_at;
  return raw;
end $$;

-- The signed-in client revokes their link; true when there was one.
create function public.calendar_feed_revoke() returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  gone integer;
begin
  delete from private.calendar_feeds f where f.client_id = (select auth.uid());
  get diagnostics gone = row_count;
  return gone > 0;
end $$;

-- When the signed-in client's link was made (null: none).
create function public.calendar_feed_created() returns timestamptz
language sql stable security definer set search_path = '' as $$
  select f.created_at from private.calendar_feeds f where f.client_id = (select auth.uid());
$$;

-- The feed's content for a token (the endpoint calls it as anon): that client's scheduled
-- previews and nothing else. An unknown or revoked token raises PT404 (HTTP 404).
create function public.calendar_feed(token text)
returns table (
  id uuid, title text, channel text, status public.preview_status, scheduled_at timestamptz,
  revision integer, updated_at timestamptz, publishing boolean, locale text
)
language plpgsql stable security definer set search_path = '' as $$
declare
  feed private.calendar_feeds;
begin
  select * into feed from private.calendar_feeds f
   where f.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(calendar_feed.token, ''), 'UTF8'));
  if feed.client_id is null then
    raise exception 'no calendar feed with this link' using errcode = 'PT404';
  end if;
  return query
    select p.id, coalesce(i.title, ''), p.channel, p.status, p.scheduled_at, p.revision, p.updated_at,
           exists (select 1 from public.preview_publications u where u.preview_id = p.id), feed.locale
      from public.previews p
      left join public.ideas i on i.id = p.idea_id
     where p.client_id = feed.client_id and p.scheduled_at is not null
     order by p.scheduled_at, p.id
     limit 2000;
end $$;

revoke execute on function public.calendar_feed_new(text), public.calendar_feed_revoke(),
  public.calendar_feed_created() from public, anon;
grant execute on function public.calendar_feed_new(text), public.calendar_feed_revoke(),
  public.calendar_feed_created() to authenticated;
revoke execute on function public.calendar_feed(text) from public;
grant execute on function public.calendar_feed(text) to anon, authenticated;
