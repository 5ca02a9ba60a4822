-- Issue 24, point 5: the wizard's edit mode lets the admin change the title, so saving an edit
-- stores it (on the preview's idea, where the title lives) instead of dropping it silently.
-- The client is not changed by an edit: the preview's history (decisions, feedback, review
-- links) belongs to the client it was made for, so the wizard locks the client in edit mode.
drop function public.edit_preview(uuid, text, jsonb, timestamptz, text, text);

create function public.edit_preview(
  preview_id uuid,
  channel text,
  draft_content jsonb,
  scheduled_at timestamptz default null,
  scheduled_zone text default 'Europe/Amsterdam',
  admin_notes text default null,
  title text default null
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
  -- A blank title keeps the one there is.
  if nullif(btrim(edit_preview.title), '') is not null and existing.idea_id is not null then
    update public.ideas i set title = btrim(edit_preview.title) where i.id = existing.idea_id;
  end if;
  update public.previews p
     set channel = edit_preview.channel, template = edit_preview.channel,
         draft_content = edit_preview.draft_content, scheduled_at = edit_preview.scheduled_at,
         scheduled_zone = edit_preview.scheduled_zone, admin_notes = nullif(btrim(edit_preview.admin_notes), '')
   where p.id = preview_id
  returning * into result;
  return result;
end $$;

revoke execute on function public.edit_preview from public, anon;
grant execute on function public.edit_preview to authenticated;
