-- A preview is published only when each of its platforms with an API has a posted publication.
-- Before, `publish_ready` (run by every `publication_posted`) published any approved, due preview
-- with no unposted publication, and a preview that had just become due had none yet: the worker
-- creates them on its next run (`publish_due_previews`). So when another preview's post finished in
-- between, the new one became "published" with nothing posted (seen in e2e, two clients publishing
-- at once; in production the scheduled function runs once a minute, a wide window).

-- The platforms with an API that a preview's channel names (one mapping, for both functions below).
create function private.api_platforms(channel text) returns setof text
language sql immutable set search_path = '' as $$
  select distinct k.platform
    from (
      select case trim(part) when 'X (Twitter)' then 'x' when 'LinkedIn' then 'linkedin'
                             when 'Facebook' then 'facebook' when 'Instagram' then 'instagram' end as platform
        from unnest(string_to_array(channel, ',')) as part
    ) k
   where k.platform is not null;
$$;

create or replace function private.publish_ready() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  published integer;
begin
  with due as (
    update public.previews p
       set status = 'published', published_at = now()
     where p.status = 'approved' and p.scheduled_at is not null and p.scheduled_at <= now()
       and p.approved_revision = p.revision
       and not exists (select 1 from public.preview_publications u
                        where u.preview_id = p.id and u.status <> 'posted')
       -- Every platform with an API posted (none: a channel without one publishes at once).
       and not exists (select 1 from private.api_platforms(p.channel) k(platform)
                        where not exists (select 1 from public.preview_publications u
                                           where u.preview_id = p.id and u.platform = k.platform
                                             and u.status = 'posted'))
    returning id, client_id, revision
  ), logged as (
    insert into public.preview_history (preview_id, client_id, event, revision)
    select id, client_id, 'published', revision from due
    returning 1
  )
  select count(*) into published from logged;
  return published;
end $$;

create or replace function public.publish_due_previews() returns integer
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.preview_publications (preview_id, platform, client_id)
  select p.id, k.platform, p.client_id
    from public.previews p
    cross join lateral private.api_platforms(p.channel) k(platform)
   where p.status = 'approved' and p.scheduled_at is not null and p.scheduled_at <= now()
     and p.approved_revision = p.revision
  on conflict do nothing;
  return private.publish_ready();
end $$;

revoke all on function private.api_platforms(text) from public;
