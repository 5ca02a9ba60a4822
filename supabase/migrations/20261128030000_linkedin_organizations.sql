-- LinkedIn organization pages (issue 27). After LinkedIn's OAuth round, a member who administers
-- organizations (LinkedIn's organizationAcls, role ADMINISTRATOR, state APPROVED) chooses to post
-- as themself or as one of them, through the same offer table and chooser as Facebook Pages. The
-- LinkedIn connection's account_id is now the author URN (urn:li:person:… or
-- urn:li:organization:…): the worker posts with it and uploads images owned by it.

-- Offers name their platform; a LinkedIn offer carries the member's token, its refresh token and
-- expiry (the same for every option: one member token posts as the member and as their pages).
alter table private.social_page_offers
  add column platform text not null default 'facebook' check (platform in ('facebook', 'linkedin')),
  add column refresh_token text,
  add column expires_at timestamptz;
alter table private.social_page_offers drop constraint social_page_offers_pkey;
alter table private.social_page_offers add primary key (client_id, platform, page_id);

-- LinkedIn connections made before this kept the bare member id: make it the author URN.
update public.social_connections c set account_id = 'urn:li:person:' || c.account_id
 where c.platform = 'linkedin' and c.account_id not like 'urn:li:%';

-- The OAuth callback (service role) stores what the platform listed for this client, replacing
-- any earlier offer of that platform. `pages`: [{id, name, url, token, refresh_token?, expires_at?,
-- instagram_id?, instagram_username?, instagram_url?}].
drop function public.social_pages_offer(uuid, jsonb);
create function public.social_pages_offer(client_id uuid, pages jsonb, platform text default 'facebook')
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  offered integer;
begin
  delete from private.social_page_offers o
   where (o.client_id = social_pages_offer.client_id and o.platform = social_pages_offer.platform)
      or o.created_at < now() - interval '15 minutes';
  insert into private.social_page_offers (client_id, platform, page_id, page_name, page_url, page_token,
    refresh_token, expires_at, instagram_id, instagram_username, instagram_url)
  select social_pages_offer.client_id, social_pages_offer.platform, p ->> 'id', p ->> 'name', p ->> 'url',
         p ->> 'token', nullif(p ->> 'refresh_token', ''), nullif(p ->> 'expires_at', '')::timestamptz,
         nullif(p ->> 'instagram_id', ''), nullif(p ->> 'instagram_username', ''), nullif(p ->> 'instagram_url', '')
    from jsonb_array_elements(pages) p;
  get diagnostics offered = row_count;
  return offered;
end $$;

-- The client's own offer for one platform (names only, never tokens). LinkedIn's own profile
-- (urn:li:person:…) comes first, then the organizations by name.
drop function public.social_page_options();
create function public.social_page_options(platform text default 'facebook')
returns table (page_id text, page_name text, instagram_username text)
language sql stable security definer set search_path = '' as $$
  select o.page_id, o.page_name, o.instagram_username
    from private.social_page_offers o
   where o.client_id = (select auth.uid()) and o.platform = social_page_options.platform
     and o.created_at > now() - interval '15 minutes'
   order by o.page_id like 'urn:li:person:%' desc, o.page_name, o.page_id;
$$;

-- The client picks one of their offered options. Facebook: the Page becomes their Facebook
-- connection and its linked Instagram account their Instagram one. LinkedIn: the member or the
-- organization becomes their LinkedIn connection (account_id = the author URN). The offer is used up.
drop function public.social_page_choose(text);
create function public.social_page_choose(page_id text, platform text default 'facebook') returns void
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  offer private.social_page_offers;
begin
  select * into offer from private.social_page_offers o
   where o.client_id = me and o.platform = social_page_choose.platform
     and o.page_id = social_page_choose.page_id and o.created_at > now() - interval '15 minutes';
  if not found or not exists (select 1 from public.clients c where c.profile_id = me) then
    raise exception 'no such page offered to you' using errcode = '42501';
  end if;
  if offer.platform = 'linkedin' then
    perform public.social_connection_save(me, 'linkedin', offer.page_id, offer.page_name, offer.page_url,
      offer.page_token, offer.refresh_token, offer.expires_at);
  else
    perform public.social_connection_save(me, 'facebook', offer.page_id, offer.page_name, offer.page_url,
      offer.page_token, null, null);
    if offer.instagram_id is not null then
      perform public.social_connection_save(me, 'instagram', offer.instagram_id,
        coalesce(offer.instagram_username, offer.instagram_id), offer.instagram_url, offer.page_token, null, null);
    end if;
  end if;
  delete from private.social_page_offers o where o.client_id = me and o.platform = offer.platform;
end $$;

revoke execute on function public.social_pages_offer, public.social_page_options, public.social_page_choose
  from public, anon, authenticated;
grant execute on function public.social_page_options, public.social_page_choose to authenticated;
grant execute on function public.social_pages_offer to service_role;
