-- Live hiding of reported content (issue 8). A post or comment hidden by its second report gives
-- no row change that other members could hear: the post itself does not change, and an UPDATE
-- they may no longer read is never delivered to them (Realtime checks RLS on the new row). So the
-- moment of hiding is written down as a row of its own, which every member may read and hear
-- through postgres_changes; the feed then asks, through RLS, whether it may still show the post.
-- The mark holds only the id of what was hidden; what may be read stays decided by the policies
-- on posts and comments (private.post_hidden / private.comment_hidden), not by this table.
create table public.hidden_content (
  id uuid primary key default gen_random_uuid(),
  post_id uuid unique references public.posts (id) on delete cascade,
  comment_id uuid unique references public.comments (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint hidden_content_one_target check (num_nonnulls(post_id, comment_id) = 1)
);
create trigger hidden_content_server_timestamps before insert or update on public.hidden_content
  for each row execute function private.server_timestamps();
alter table public.hidden_content enable row level security;

-- Members read the marks (ids only); nobody but the triggers below writes them.
create policy "members read hidden-content marks" on public.hidden_content
  for select to authenticated
  using (true);
revoke insert, update, delete, truncate on public.hidden_content from anon, authenticated;
revoke all on public.hidden_content from anon;

-- A report that makes its target hidden writes the mark; an admin's "keep" (reports closed)
-- takes it away again. "Remove" deletes the content, which cascades to the mark.
create function private.sync_hidden_mark() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.post_id is not null then
    if private.post_hidden(new.post_id) then
      insert into public.hidden_content (post_id) values (new.post_id) on conflict do nothing;
    else
      delete from public.hidden_content where post_id = new.post_id;
    end if;
  elsif new.comment_id is not null then
    if private.comment_hidden(new.comment_id) then
      insert into public.hidden_content (comment_id) values (new.comment_id) on conflict do nothing;
    else
      delete from public.hidden_content where comment_id = new.comment_id;
    end if;
  end if;
  return null;
end $$;
revoke execute on function private.sync_hidden_mark() from public;
grant execute on function private.sync_hidden_mark() to anon, authenticated, service_role;

create trigger reports_sync_hidden_mark after insert or update of status on public.reports
  for each row execute function private.sync_hidden_mark();

-- Content already hidden before this migration gets its mark too.
insert into public.hidden_content (post_id)
  select distinct r.post_id from public.reports r
   where r.post_id is not null and private.post_hidden(r.post_id)
  on conflict do nothing;
insert into public.hidden_content (comment_id)
  select distinct r.comment_id from public.reports r
   where r.comment_id is not null and private.comment_hidden(r.comment_id)
  on conflict do nothing;

alter publication supabase_realtime add table public.hidden_content;
