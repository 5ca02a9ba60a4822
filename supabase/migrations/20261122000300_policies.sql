-- Row-level security: every table on, one policy per operation, roles always named.
-- An operation without a policy is denied. auth.uid() is wrapped in a select so Postgres
-- evaluates it once per statement instead of once per row.

alter table public.profiles enable row level security;
alter table public.posts enable row level security;
alter table public.likes enable row level security;
alter table public.comments enable row level security;
alter table public.messages enable row level security;
alter table public.friendships enable row level security;
alter table public.clients enable row level security;
alter table public.ideas enable row level security;
alter table public.blog_posts enable row level security;
alter table public.previews enable row level security;
alter table public.newsletter_subscribers enable row level security;
alter table public.newsletter_consents enable row level security;
alter table public.contact_messages enable row level security;

-- profiles: members only (signed-out visitors see no one); roles change only by an admin
-- (guarded by the profiles_guard trigger and admin_set_role).
create policy "members read profiles" on public.profiles
  for select to authenticated using (true);
create policy "members create their own member profile" on public.profiles
  for insert to authenticated with check (user_id = (select auth.uid()) and role = 'member');
create policy "members update their own profile, admins any" on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()))
  with check (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "admins delete profiles" on public.profiles
  for delete to authenticated using ((select public.is_admin()));

-- posts: the home page shows the latest posts to visitors too.
create policy "anyone reads posts" on public.posts
  for select to anon, authenticated using (true);
create policy "members create their own posts" on public.posts
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "members update their own posts" on public.posts
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "members delete their own posts, admins any" on public.posts
  for delete to authenticated using (user_id = (select auth.uid()) or (select public.is_admin()));

-- likes: one per member per post is the unique constraint; a like is never edited.
create policy "members read likes" on public.likes
  for select to authenticated using (true);
create policy "members like as themselves" on public.likes
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "members remove their own likes" on public.likes
  for delete to authenticated using (user_id = (select auth.uid()));
revoke update on public.likes from anon, authenticated;

create policy "members read comments" on public.comments
  for select to authenticated using (true);
create policy "members comment as themselves" on public.comments
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "members edit their own comments" on public.comments
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "members delete their own comments, admins any" on public.comments
  for delete to authenticated using (user_id = (select auth.uid()) or (select public.is_admin()));

-- messages: only the two parties read; only the sender writes; only the receiver marks read,
-- and the column grant below means marking read is the only update there is.
create policy "parties read their messages" on public.messages
  for select to authenticated
  using (sender_id = (select auth.uid()) or receiver_id = (select auth.uid()));
create policy "members send messages as themselves" on public.messages
  for insert to authenticated with check (sender_id = (select auth.uid()) and read = false);
create policy "receivers mark messages read" on public.messages
  for update to authenticated
  using (receiver_id = (select auth.uid())) with check (receiver_id = (select auth.uid()));
revoke update on public.messages from anon, authenticated;
grant update (read, read_at) on public.messages to authenticated;
revoke delete on public.messages from anon, authenticated;

-- friendships: read by the pair; written only through the friendship functions.
create policy "parties read their friendships" on public.friendships
  for select to authenticated
  using (requester_id = (select auth.uid()) or addressee_id = (select auth.uid()));
revoke insert, update, delete on public.friendships from anon, authenticated;

-- Timeline Alchemy: admins only, except what a client needs to review its own previews.
create policy "admins read clients, clients their own record" on public.clients
  for select to authenticated
  using ((select public.is_admin()) or profile_id = (select auth.uid()));
create policy "admins create clients" on public.clients
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update clients" on public.clients
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete clients" on public.clients
  for delete to authenticated using ((select public.is_admin()));

create policy "admins read previews, clients their own" on public.previews
  for select to authenticated
  using ((select public.is_admin()) or client_id = (select auth.uid()));
create policy "admins create previews" on public.previews
  for insert to authenticated with check ((select public.is_admin()));
-- Clients approve or request changes through approve_preview / request_preview_changes only.
create policy "admins update previews" on public.previews
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete previews" on public.previews
  for delete to authenticated using ((select public.is_admin()));

create policy "admins read ideas, clients those of their previews" on public.ideas
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.previews p
       where p.idea_id = ideas.id and p.client_id = (select auth.uid())
    )
  );
create policy "admins create ideas" on public.ideas
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update ideas" on public.ideas
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete ideas" on public.ideas
  for delete to authenticated using ((select public.is_admin()));

create policy "admins read blog posts, clients those in their previews" on public.blog_posts
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.previews p
       where p.client_id = (select auth.uid())
         and p.draft_content -> 'selectedPosts' ? blog_posts.id::text
    )
  );
create policy "admins create blog posts" on public.blog_posts
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update blog posts" on public.blog_posts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete blog posts" on public.blog_posts
  for delete to authenticated using ((select public.is_admin()));

-- Newsletter: anyone may subscribe (with consent); only admins see or change the list.
create policy "admins read subscribers" on public.newsletter_subscribers
  for select to authenticated using ((select public.is_admin()));
create policy "anyone subscribes with consent" on public.newsletter_subscribers
  for insert to anon, authenticated
  with check (consent and unsubscribed_at is null and (user_id is null or user_id = (select auth.uid())));
create policy "admins update subscribers" on public.newsletter_subscribers
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete subscribers" on public.newsletter_subscribers
  for delete to authenticated using ((select public.is_admin()));

create policy "admins read consent records" on public.newsletter_consents
  for select to authenticated using ((select public.is_admin()));
create policy "admins record consents" on public.newsletter_consents
  for insert to authenticated with check ((select public.is_admin()));
-- Consent records are evidence: nobody edits or deletes them through the API.
revoke update, delete on public.newsletter_consents from anon, authenticated;

-- Contact messages: anyone sends (rate-limited by trigger); only admins read and handle them.
create policy "admins read contact messages" on public.contact_messages
  for select to authenticated using ((select public.is_admin()));
create policy "anyone sends contact messages" on public.contact_messages
  for insert to anon, authenticated
  with check (handled_at is null and (user_id is null or user_id = (select auth.uid())));
create policy "admins update contact messages" on public.contact_messages
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete contact messages" on public.contact_messages
  for delete to authenticated using ((select public.is_admin()));
