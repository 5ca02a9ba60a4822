-- Buckets, storage policies (a member writes only under their own user id folder) and the
-- tables whose changes are streamed by Realtime.

insert into storage.buckets (id, name, public, file_size_limit)
values
  ('post-images', 'post-images', true, 5242880),
  ('user-avatars', 'user-avatars', true, 5242880),
  ('blog_images', 'blog_images', true, 5242880),
  ('mockups', 'mockups', true, 5242880)
on conflict (id) do nothing;

create policy "anyone reads public images" on storage.objects
  for select to anon, authenticated
  using (bucket_id in ('post-images', 'user-avatars', 'blog_images', 'mockups'));
create policy "members upload to their own folder, admins to shared buckets" on storage.objects
  for insert to authenticated
  with check (
    (bucket_id in ('post-images', 'user-avatars')
      and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id in ('blog_images', 'mockups') and (select public.is_admin()))
  );
create policy "members replace files in their own folder, admins in shared buckets" on storage.objects
  for update to authenticated
  using (
    (bucket_id in ('post-images', 'user-avatars')
      and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id in ('blog_images', 'mockups') and (select public.is_admin()))
  )
  with check (
    (bucket_id in ('post-images', 'user-avatars')
      and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id in ('blog_images', 'mockups') and (select public.is_admin()))
  );
create policy "members delete files in their own folder, admins in shared buckets" on storage.objects
  for delete to authenticated
  using (
    (bucket_id in ('post-images', 'user-avatars')
      and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id in ('blog_images', 'mockups') and (select public.is_admin()))
  );

alter publication supabase_realtime add table
  public.profiles, public.posts, public.comments, public.likes, public.messages,
  public.friendships, public.previews;
