-- Storage as Supabase Storage enforces it (issue 13, classes 2 and 8).

-- Class 2: the image buckets take raster images only (no HTML, SVG, XML or scripts), 5 MB each.
-- The gateway enforces both like Storage (HTTP 400, statusCode 415 / 413).
update storage.buckets
   set file_size_limit = 5242880,
       allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']
 where id in ('post-images', 'user-avatars', 'blog_images', 'mockups');

-- Class 8: public buckets serve files by URL without any SELECT policy (Storage reads them as the
-- service). A SELECT policy is what lets someone *list* a bucket, so listing stays with the owner:
-- a member lists their own folder, admins the shared buckets. Nobody enumerates member ids.
drop policy "anyone reads public images" on storage.objects;
create policy "members list their own folder, admins the shared buckets" on storage.objects
  for select to authenticated
  using (
    (bucket_id in ('post-images', 'user-avatars')
      and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id in ('blog_images', 'mockups') and (select public.is_admin()))
  );
