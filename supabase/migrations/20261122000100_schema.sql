-- Tables for SPEC.md section 3 plus what the spec leaves unshown but users need
-- (friendships, client records, newsletter consent records, contact messages, read state).

create type public.app_role as enum ('admin', 'client', 'member');
create type public.friendship_status as enum ('pending', 'accepted', 'declined');
create type public.preview_status as enum ('pending', 'approved', 'rejected', 'published');

create function public.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;

-- profiles: one per auth user; id equals user_id so either can be used as the person's id.
create table public.profiles (
  id uuid primary key,
  user_id uuid not null unique references auth.users (id) on delete cascade,
  display_name text,
  avatar_url text,
  bio text,
  social_links jsonb not null default '{}'::jsonb,
  role public.app_role not null default 'member',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_id_is_user_id check (id = user_id),
  constraint profiles_social_links_object check (jsonb_typeof(social_links) = 'object'),
  constraint profiles_display_name_length check (char_length(display_name) <= 80),
  constraint profiles_bio_length check (char_length(bio) <= 2000)
);
create index profiles_created_at_idx on public.profiles (created_at desc);
create index profiles_role_display_name_idx on public.profiles (role, display_name);
create trigger profiles_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

create table public.posts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  content text not null check (btrim(content) <> '' and char_length(content) <= 10000),
  image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index posts_created_at_idx on public.posts (created_at desc);
create index posts_user_id_created_at_idx on public.posts (user_id, created_at desc);
create trigger posts_updated_at before update on public.posts
  for each row execute function public.set_updated_at();

create table public.likes (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint likes_one_per_user unique (post_id, user_id)
);
create index likes_user_id_idx on public.likes (user_id);

create table public.comments (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  content text not null check (btrim(content) <> '' and char_length(content) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index comments_post_id_created_at_idx on public.comments (post_id, created_at);
create index comments_user_id_idx on public.comments (user_id);
create trigger comments_updated_at before update on public.comments
  for each row execute function public.set_updated_at();

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  receiver_id uuid not null references public.profiles (user_id) on delete cascade,
  content text not null check (btrim(content) <> '' and char_length(content) <= 5000),
  read boolean not null default false,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  constraint messages_not_to_self check (sender_id <> receiver_id)
);
create index messages_sender_created_at_idx on public.messages (sender_id, created_at desc);
create index messages_receiver_created_at_idx on public.messages (receiver_id, created_at desc);
create index messages_receiver_unread_idx on public.messages (receiver_id) where not read;

-- One row per pair, whoever asked first; state changes go through functions (see rls migration).
create table public.friendships (
  id uuid primary key default gen_random_uuid(),
  requester_id uuid not null references public.profiles (user_id) on delete cascade,
  addressee_id uuid not null references public.profiles (user_id) on delete cascade,
  status public.friendship_status not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  responded_at timestamptz,
  constraint friendships_not_self check (requester_id <> addressee_id)
);
create unique index friendships_pair_idx on public.friendships
  (least(requester_id, addressee_id), greatest(requester_id, addressee_id));
create index friendships_requester_idx on public.friendships (requester_id, status);
create index friendships_addressee_idx on public.friendships (addressee_id, status);
create trigger friendships_updated_at before update on public.friendships
  for each row execute function public.set_updated_at();

-- Timeline Alchemy ---------------------------------------------------------------------------
create table public.clients (
  id uuid primary key default gen_random_uuid(),
  name text not null default 'Unnamed Client',
  organization text,
  email text,
  -- The profile that signs in as this client; previews.client_id points here.
  profile_id uuid unique references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index clients_name_idx on public.clients (name);
create trigger clients_updated_at before update on public.clients
  for each row execute function public.set_updated_at();

create table public.ideas (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text,
  status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  created_by uuid default auth.uid() references public.profiles (user_id) on delete set null,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ideas_created_at_idx on public.ideas (created_at desc);
create trigger ideas_updated_at before update on public.ideas
  for each row execute function public.set_updated_at();

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  body text,
  content text,
  excerpt text,
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'published', 'archived')),
  author_id uuid default auth.uid() references public.profiles (user_id) on delete set null,
  tags text[] not null default '{}',
  category text not null default 'Algemeen',
  image_url text,
  image_public_url text,
  featured_image text,
  facebook text,
  instagram text,
  x text,
  linkedin text,
  ai_blog jsonb,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index blog_posts_created_at_idx on public.blog_posts (created_at desc);
create index blog_posts_status_idx on public.blog_posts (status);
create index blog_posts_category_idx on public.blog_posts (category);
create index blog_posts_tags_idx on public.blog_posts using gin (tags);
create trigger blog_posts_updated_at before update on public.blog_posts
  for each row execute function public.set_updated_at();

create table public.previews (
  id uuid primary key default gen_random_uuid(),
  idea_id uuid references public.ideas (id) on delete set null,
  client_id uuid not null references public.clients (profile_id) on delete cascade,
  channel text not null default '',
  template text not null default '',
  draft_content jsonb not null default '{}'::jsonb,
  scheduled_at timestamptz,
  status public.preview_status not null default 'pending',
  created_by uuid default auth.uid() references public.profiles (user_id) on delete set null,
  admin_notes text,
  client_feedback text,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index previews_created_at_idx on public.previews (created_at desc);
create index previews_client_created_at_idx on public.previews (client_id, created_at desc);
create index previews_status_idx on public.previews (status);
create index previews_idea_id_idx on public.previews (idea_id);
create index previews_selected_posts_idx on public.previews using gin ((draft_content -> 'selectedPosts'));
create trigger previews_updated_at before update on public.previews
  for each row execute function public.set_updated_at();

-- Newsletter and contact --------------------------------------------------------------------
create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
  name text,
  first_name text,
  last_name text,
  consent boolean not null check (consent),
  source text not null default 'default',
  language text not null default 'nl' check (language in ('nl', 'en', 'de')),
  user_id uuid references public.profiles (user_id) on delete set null,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index newsletter_subscribers_email_idx on public.newsletter_subscribers (lower(email));
create index newsletter_subscribers_created_at_idx on public.newsletter_subscribers (created_at desc);
create trigger newsletter_subscribers_updated_at before update on public.newsletter_subscribers
  for each row execute function public.set_updated_at();

-- Every consent given or withdrawn, kept as evidence (GDPR), never updated.
create table public.newsletter_consents (
  id uuid primary key default gen_random_uuid(),
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  consent boolean not null,
  source text not null,
  language text not null,
  consent_text text,
  created_at timestamptz not null default now()
);
create index newsletter_consents_subscriber_idx on public.newsletter_consents (subscriber_id, created_at desc);

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (btrim(first_name) <> '' and char_length(first_name) <= 100),
  last_name text not null check (btrim(last_name) <> '' and char_length(last_name) <= 100),
  email text not null check (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
  subject text not null check (btrim(subject) <> '' and char_length(subject) <= 200),
  message text not null check (btrim(message) <> '' and char_length(message) <= 5000),
  language text not null default 'nl' check (language in ('nl', 'en', 'de')),
  user_id uuid default auth.uid() references public.profiles (user_id) on delete set null,
  handled_at timestamptz,
  created_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);
create index contact_messages_email_created_at_idx on public.contact_messages (lower(email), created_at desc);
