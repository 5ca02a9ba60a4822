import type { BlogPost, Client } from '../data.ts';
import { BLOG_POST_FIELD, cut, type Platform } from '../platforms.ts';
import { platformName, type T } from '../shared/format.ts';
import { ClientDeletedBadge } from '../shared/StatusBadge.tsx';

/** A blog post's ready-made texts per platform (its columns), labelled by the platform's name, not the column's. */
const POST_FIELDS = Object.entries(BLOG_POST_FIELD) as Array<
  [Platform, NonNullable<(typeof BLOG_POST_FIELD)[Platform]>]
>;

/** Step 1: one client, by name, organization and e-mail; a client who deleted their account is marked and cannot be chosen. */
export function StepClient({
  clients,
  selected,
  onSelect,
  locked = false,
  t,
}: {
  clients: Client[];
  selected: string | null;
  onSelect: (id: string) => void;
  /** Edit mode: a preview keeps the client it was made for (its history is theirs). */
  locked?: boolean;
  t: T;
}) {
  if (clients.length === 0) return <p>{t('taw.noClients')}</p>;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" disabled={locked}>
      <legend className="sr-only">{t('taw.step1')}</legend>
      {locked ? <p className="text-sm text-ink/80 sm:col-span-2">{t('taw.clientLocked')}</p> : null}
      {clients.map((c) => (
        <label
          key={c.profile_id}
          className="flex cursor-pointer gap-3 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 rounded-xl bg-white p-4 ring-1 ring-ink/10 has-[:checked]:ring-2 has-[:checked]:ring-violet"
        >
          <input
            type="radio"
            name="client"
            checked={selected === c.profile_id}
            disabled={!!c.account_deleted_at}
            onChange={() => onSelect(c.profile_id)}
          />
          <span>
            <span className="block font-semibold">
              {c.name} {c.account_deleted_at ? <ClientDeletedBadge label={t('ta.clientDeleted')} /> : null}
            </span>
            <span className="block text-sm text-ink/70">{c.organization}</span>
            <span className="block text-sm text-ink/70">{c.email}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

const tagsOf = (tags: unknown): string[] =>
  Array.isArray(tags)
    ? tags.map(String)
    : typeof tags === 'string'
      ? tags
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];

/** Step 2: at most one blog post; clicking it again deselects. */
export function StepPost({
  posts,
  selected,
  onToggle,
  t,
}: {
  posts: BlogPost[];
  selected: string | null;
  onToggle: (id: string) => void;
  t: T;
}) {
  if (posts.length === 0) return <p>{t('taw.noPosts')}</p>;
  return (
    <ul className="max-h-[32rem] space-y-3 overflow-y-auto pr-1">
      {posts.map((p) => {
        const body = p.body ?? p.content ?? '';
        const isSelected = selected === p.id;
        const image = p.image_public_url ?? p.image_url;
        return (
          <li key={p.id}>
            <button
              type="button"
              aria-pressed={isSelected}
              onClick={() => onToggle(p.id)}
              className={`flex w-full gap-3 rounded-xl bg-white p-3 text-left ring-1 ${isSelected ? 'ring-2 ring-violet' : 'ring-ink/10'}`}
            >
              {image ? (
                <span className="block h-16 w-16 shrink-0 text-xs">
                  <img
                    src={image}
                    alt=""
                    data-fallback-image=""
                    className="h-16 w-16 rounded-lg object-cover"
                  />
                </span>
              ) : null}
              <span className="min-w-0">
                <span className="block font-semibold">{p.title}</span>
                <span className="block text-sm text-ink/70">
                  {isSelected ? body : p.excerpt || cut(body)}
                </span>
                <span className="mt-1 flex flex-wrap gap-1 text-xs">
                  {image ? <span className="rounded bg-sky-100 px-1.5">{t('taw.badge.image')}</span> : null}
                  {p.featured_image ? (
                    <span className="rounded bg-gold-light px-1.5">{t('taw.badge.featured')}</span>
                  ) : null}
                  <span className="rounded bg-ink/5 px-1.5">
                    {body.length > 1000 ? t('taw.badge.long') : t('taw.badge.standard')}
                  </span>
                  {tagsOf(p.tags).map((tag) => (
                    <span key={tag} className="rounded bg-lilac px-1.5">
                      #{tag}
                    </span>
                  ))}
                </span>
                {isSelected ? (
                  <span className="mt-2 block space-y-1 text-xs text-ink/80">
                    {POST_FIELDS.map(([platform, f]) =>
                      p[f] ? (
                        <span key={f} className="block break-words">
                          <strong>{platformName(platform, t)}:</strong> {p[f]}
                        </span>
                      ) : null,
                    )}
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
