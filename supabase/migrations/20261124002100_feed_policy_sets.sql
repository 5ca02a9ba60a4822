-- Faster read policies for the feed, the same rules (issue 8 benchmark: feed p95 <= 15 ms at
-- 1,000,000 posts). The policies of 20261123002000 called SECURITY DEFINER functions per row
-- (is_blocked for every post, comment, like and profile; post_hidden / comment_hidden for every
-- post and comment). A SECURITY DEFINER function is never inlined, and each call switches role
-- and search_path and re-reads the JWT claims: the feed's like counts alone made ~100 such calls
-- per page. Here each policy asks two small questions ONCE per statement instead: "who is in a
-- block with me" and "what is hidden by reports", as uncorrelated sub-selects (one hashed set).
--
-- Same answers as before:
-- - is_blocked(me, x) is true exactly when x is in blocked_with_me() (for a signed-in caller;
--   for anon both are empty/false; the service role bypasses RLS anyway).
-- - post_hidden(id) / comment_hidden(id) (>= 2 open reports) is exactly membership of
--   hidden_post_ids() / hidden_comment_ids().
-- The tests in tests/integration (community-safety, rls-community, attacks) hold both versions.

create function private.blocked_with_me() returns setof uuid
language sql stable security definer set search_path = '' rows 10 as $$
  select case when b.blocker_id = (select auth.uid()) then b.blocked_id else b.blocker_id end
    from public.blocks b
   where b.blocker_id = (select auth.uid()) or b.blocked_id = (select auth.uid())
$$;

create function private.hidden_post_ids() returns setof uuid
language sql stable security definer set search_path = '' rows 10 as $$
  select r.post_id from public.reports r
   where r.status = 'open' and r.post_id is not null
   group by r.post_id having count(*) >= 2
$$;

create function private.hidden_comment_ids() returns setof uuid
language sql stable security definer set search_path = '' rows 10 as $$
  select r.comment_id from public.reports r
   where r.status = 'open' and r.comment_id is not null
   group by r.comment_id having count(*) >= 2
$$;

revoke execute on function private.blocked_with_me(), private.hidden_post_ids(),
  private.hidden_comment_ids() from public;
grant execute on function private.blocked_with_me(), private.hidden_post_ids(),
  private.hidden_comment_ids() to anon, authenticated, service_role;

drop policy "anyone reads posts not hidden or blocked; authors and admins all" on public.posts;
create policy "anyone reads posts not hidden or blocked; authors and admins all" on public.posts
  for select to anon, authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or (id not in (select private.hidden_post_ids())
        and user_id not in (select private.blocked_with_me()))
  );

drop policy "members read comments not hidden or blocked; authors and admins all" on public.comments;
create policy "members read comments not hidden or blocked; authors and admins all" on public.comments
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or (id not in (select private.hidden_comment_ids())
        and user_id not in (select private.blocked_with_me()))
  );

drop policy "members read likes of people not blocked" on public.likes;
create policy "members read likes of people not blocked" on public.likes
  for select to authenticated
  using (user_id = (select auth.uid()) or user_id not in (select private.blocked_with_me()));

drop policy "members read profiles of people not blocked" on public.profiles;
create policy "members read profiles of people not blocked" on public.profiles
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or user_id not in (select private.blocked_with_me())
  );
