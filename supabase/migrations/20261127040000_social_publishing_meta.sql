-- Timeline Alchemy publishes to Facebook Pages and Instagram business accounts (issue 27).
-- One Facebook Login connects both: after the OAuth round the server offers the person's Pages
-- (page tokens sealed by the server, AES-256-GCM, kept in a table no API role reads) and the client
-- picks one; that Page becomes the client's "facebook" connection and its linked Instagram
-- business account, if any, the "instagram" one. Publications go through the same worker as X and
-- LinkedIn; the claim now also hands over the preview's image.

alter table public.social_connections drop constraint social_connections_platform_check;
alter table public.social_connections add constraint social_connections_platform_check
  check (platform in ('x', 'linkedin', 'facebook', 'instagram'));
alter table private.social_oauth_states drop constraint social_oauth_states_platform_check;
alter table private.social_oauth_states add constraint social_oauth_states_platform_check
  check (platform in ('x', 'linkedin', 'facebook'));
alter table public.preview_publications drop constraint preview_publications_platform_check;
alter table public.preview_publications add constraint preview_publications_platform_check
  check (platform in ('x', 'linkedin', 'facebook', 'instagram'));

-- The Pages a Facebook Login offered, until the client picks one (15 minutes). Page tokens are
-- ciphertexts; nobody reads this table through the API.
create table private.social_page_offers (
  client_id uuid not null references public.clients (profile_id) on delete cascade,
  page_id text not null check (char_length(page_id) <= 100),
  page_name text not null check (char_length(page_name) <= 200),
  page_url text check (char_length(page_url) <= 500),
  page_token text not null,
  instagram_id text check (char_length(instagram_id) <= 100),
  instagram_username text check (char_length(instagram_username) <= 200),
  instagram_url text check (char_length(instagram_url) <= 500),
  created_at timestamptz not null default now(),
  primary key (client_id, page_id)
);
alter table private.social_page_offers enable row level security;
revoke all on private.social_page_offers from public, anon, authenticated, service_role;

-- The OAuth callback (service role) stores what Facebook listed for this client, replacing any
-- earlier offer. `pages`: [{id, name, url, token, instagram_id, instagram_username, instagram_url}].
create function public.social_pages_offer(client_id uuid, pages jsonb) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  offered integer;
begin
  delete from private.social_page_offers o
   where o.client_id = social_pages_offer.client_id or o.created_at < now() - interval '15 minutes';
  insert into private.social_page_offers (client_id, page_id, page_name, page_url, page_token,
    instagram_id, instagram_username, instagram_url)
  select social_pages_offer.client_id, p ->> 'id', p ->> 'name', p ->> 'url', p ->> 'token',
         nullif(p ->> 'instagram_id', ''), nullif(p ->> 'instagram_username', ''), nullif(p ->> 'instagram_url', '')
    from jsonb_array_elements(pages) p;
  get diagnostics offered = row_count;
  return offered;
end $$;

-- The client's own offer (names only, never tokens).
create function public.social_page_options()
returns table (page_id text, page_name text, instagram_username text)
language sql stable security definer set search_path = '' as $$
  select o.page_id, o.page_name, o.instagram_username
    from private.social_page_offers o
   where o.client_id = (select auth.uid()) and o.created_at > now() - interval '15 minutes'
   order by o.page_name, o.page_id;
$$;

-- The client picks one of their offered Pages: it becomes their Facebook connection, and its
-- linked Instagram account their Instagram connection (a Page without one leaves Instagram as it
-- was). The offer is used up.
create function public.social_page_choose(page_id text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  offer private.social_page_offers;
begin
  select * into offer from private.social_page_offers o
   where o.client_id = me and o.page_id = social_page_choose.page_id
     and o.created_at > now() - interval '15 minutes';
  if offer is null or not exists (select 1 from public.clients c where c.profile_id = me) then
    raise exception 'no such page offered to you' using errcode = '42501';
  end if;
  perform public.social_connection_save(me, 'facebook', offer.page_id, offer.page_name, offer.page_url,
    offer.page_token, null, null);
  if offer.instagram_id is not null then
    perform public.social_connection_save(me, 'instagram', offer.instagram_id,
      coalesce(offer.instagram_username, offer.instagram_id), offer.instagram_url, offer.page_token, null, null);
  end if;
  delete from private.social_page_offers o where o.client_id = me;
end $$;

-- Approved, due previews get one publication per platform with an API; then the ready ones are
-- published. Idempotent.
create or replace function public.publish_due_previews() returns integer
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.preview_publications (preview_id, platform, client_id)
  select p.id, k.platform, p.client_id
    from public.previews p
    cross join lateral (
      select case trim(part) when 'X (Twitter)' then 'x' when 'LinkedIn' then 'linkedin'
                             when 'Facebook' then 'facebook' when 'Instagram' then 'instagram' end as platform
        from unnest(string_to_array(p.channel, ',')) as part
    ) k
   where p.status = 'approved' and p.scheduled_at is not null and p.scheduled_at <= now()
     and p.approved_revision = p.revision and k.platform is not null
  on conflict do nothing;
  return private.publish_ready();
end $$;

-- The claim now names the preview's image (Facebook posts it as a photo; Instagram needs one).
drop function public.publication_claim(integer);
create function public.publication_claim(max_rows integer default 10)
returns table (
  preview_id uuid, platform text, idempotency_key uuid, sent_at timestamptz, attempts integer,
  body text, image text, connection_id uuid, connection_status text, account_id text, account_name text,
  access_token text, refresh_token text, expires_at timestamptz, locale text
)
language sql security definer set search_path = '' as $$
  with picked as (
    select u.preview_id, u.platform
      from public.preview_publications u
     where u.status in ('scheduled', 'retrying') and u.next_attempt_at <= now()
       and (u.lease_until is null or u.lease_until < now())
     order by u.next_attempt_at
     limit max_rows
       for update skip locked
  ), claimed as (
    update public.preview_publications u
       set lease_until = now() + interval '120 seconds', attempts = u.attempts + 1, updated_at = now()
      from picked
     where u.preview_id = picked.preview_id and u.platform = picked.platform
    returning u.*
  )
  select c.preview_id, c.platform, c.idempotency_key, c.sent_at, c.attempts,
         coalesce(p.draft_content -> 'platforms' ->> (case c.platform when 'x' then 'X (Twitter)'
                    when 'linkedin' then 'LinkedIn' when 'facebook' then 'Facebook' else 'Instagram' end),
                  p.draft_content ->> 'content', ''),
         nullif(p.draft_content ->> 'image', ''),
         s.id, s.status, s.account_id, s.account_name, t.access_token, t.refresh_token, t.expires_at,
         private.mail_locale(c.client_id)
    from claimed c
    join public.previews p on p.id = c.preview_id
    left join public.social_connections s on s.client_id = c.client_id and s.platform = c.platform
    left join private.social_tokens t on t.connection_id = s.id;
$$;

revoke execute on function public.social_pages_offer, public.social_page_options, public.social_page_choose,
  public.publication_claim
  from public, anon, authenticated;
grant execute on function public.social_page_options, public.social_page_choose to authenticated;
grant execute on function public.social_pages_offer, public.publication_claim to service_role;
