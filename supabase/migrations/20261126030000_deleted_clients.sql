-- A Timeline Alchemy client who deleted their account (issue 21, point 4; clients.account_deleted_at
-- is set by private.profiles_after_delete, migration 20261125002000_privacy.sql).
--
-- The admin keeps the record and its previews (readable as before), but nothing new is made for
-- someone who left: no new preview, no edit of an existing one, no review link. The guard is a
-- trigger on the tables themselves, so it holds for every path that writes them (the wizard's
-- create_preview_with_idea and edit_preview, send_review_link / create_review_link, a direct
-- insert or update through the API, a script with the service role). SQLSTATE PT410 ("gone":
-- PostgREST answers HTTP 410) lets the UI show its own translated text.
-- Publishing what the client approved before leaving, and deleting previews, stay possible.

create function private.refuse_deleted_client(client uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if exists (select 1 from public.clients c where c.profile_id = client and c.account_deleted_at is not null) then
    raise exception 'this client deleted their account' using errcode = 'PT410';
  end if;
end $$;

create function private.previews_refuse_deleted_client() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT'
     or new.client_id is distinct from old.client_id
     or (new.channel, new.template, new.draft_content, new.scheduled_at, new.scheduled_zone, new.admin_notes)
        is distinct from
        (old.channel, old.template, old.draft_content, old.scheduled_at, old.scheduled_zone, old.admin_notes) then
    perform private.refuse_deleted_client(new.client_id);
  end if;
  return new;
end $$;
create trigger previews_refuse_deleted_client before insert or update on public.previews
  for each row execute function private.previews_refuse_deleted_client();

create function private.review_links_refuse_deleted_client() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refuse_deleted_client(new.client_id);
  return new;
end $$;
create trigger preview_review_links_refuse_deleted_client before insert on public.preview_review_links
  for each row execute function private.review_links_refuse_deleted_client();

revoke execute on function private.refuse_deleted_client(uuid), private.previews_refuse_deleted_client(),
  private.review_links_refuse_deleted_client() from public, anon, authenticated;
