import { useCallback, useEffect, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showToast } from '~/components/toast.ts';
import type { TextsFor } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { errorText } from '~/lib/supabase/errors.ts';
import { type BlogPost, fetchBlogPosts } from '../data.ts';
import { cut } from '../platforms.ts';
import { FilterBar } from '../shared/FilterBar.tsx';
import { type T, type TaPrefix, useT } from '../shared/format.ts';
import { adminScreenPage } from '../shared/TaGate.tsx';
import { uploadBlogImage } from './blog-posts-data.ts';

const SOCIAL = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['x', 'X (Twitter)'],
  ['linkedin', 'LinkedIn'],
] as const;
const STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const;
const MAX_IMAGE = 5 * 1024 * 1024;

async function upload(db: TypedSupabaseClient, post: BlogPost, file: File, t: T): Promise<BlogPost | null> {
  if (!file.type.startsWith('image/') || file.size > MAX_IMAGE) {
    showToast({ title: t('tab.uploadFailed'), variant: 'error' });
    return null;
  }
  try {
    const updated = await uploadBlogImage(db, post, file);
    showToast({ title: t('tab.uploaded') });
    return updated;
  } catch (error) {
    showToast({ title: t('tab.uploadFailed'), description: errorText(t, error), variant: 'error' });
    return null;
  }
}

function BlogPosts({
  db,
  lang,
  messages,
  wizardPath,
}: {
  db: TypedSupabaseClient;
  lang: Locale;
  messages: TextsFor<TaPrefix>;
  wizardPath: string;
}) {
  const t = useT(messages, lang);
  const [posts, setPosts] = useState<BlogPost[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const load = useCallback(() => {
    setFailed(false);
    fetchBlogPosts(db).then(setPosts, () => setFailed(true));
  }, [db]);
  useEffect(load, [load]);

  if (failed) return <ErrorState title={t('ta.loadError')} retryLabel={t('app.retry')} onRetry={load} />;
  if (!posts) return <LoadingState label={t('app.loading')} />;
  const term = search.trim().toLowerCase();
  const categories = [...new Set(posts.map((p) => p.category))].sort();
  const shown = posts.filter(
    (p) =>
      (!category || p.category === category) &&
      (!status || p.status === status) &&
      (!term || `${p.title} ${p.body ?? ''} ${p.tags.join(' ')}`.toLowerCase().includes(term)),
  );
  const allSelected = shown.length > 0 && shown.every((p) => selected.has(p.id));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ title: t('tab.copied') });
    } catch {
      showToast({ title: t('tab.copyFailed'), variant: 'error' });
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-3xl">{t('tab.title')}</h1>
        <a
          className={`btn-primary ${selected.size ? '' : 'pointer-events-none opacity-50'}`}
          aria-disabled={selected.size === 0}
          href={`${wizardPath}?posts=${[...selected].join(',')}`}
        >
          {t('tab.createPreview', { count: selected.size })}
        </a>
      </div>
      <FilterBar
        searchLabel={t('ta.search')}
        placeholder={t('tab.search')}
        search={search}
        onSearch={setSearch}
        selects={[
          {
            label: t('tab.allCategories'),
            value: category,
            onChange: setCategory,
            options: [
              { value: '', label: t('tab.allCategories') },
              ...categories.map((c) => ({ value: c, label: c })),
            ],
          },
          {
            label: t('tab.allStatuses'),
            value: status,
            onChange: setStatus,
            options: [
              { value: '', label: t('tab.allStatuses') },
              ...STATUSES.map((s) => ({ value: s, label: t(`tab.status.${s}`) })),
            ],
          },
        ]}
      >
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={() => setSelected(allSelected ? new Set() : new Set(shown.map((p) => p.id)))}
          />
          {t('tab.selectAll')}
        </label>
      </FilterBar>
      {shown.length === 0 ? <EmptyState title={t('tab.empty')} /> : null}
      <ul className="space-y-4">
        {shown.map((p) => (
          <li key={p.id} className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10">
            <input
              type="checkbox"
              className="mt-1"
              aria-label={t('tab.select', { title: p.title })}
              checked={selected.has(p.id)}
              onChange={() => toggle(p.id)}
            />
            <div className="min-w-0 grow">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg">{p.title}</h2>
                <span className="rounded-full bg-ink/5 px-2 text-xs">{t(`tab.status.${p.status}`)}</span>
                <span className="rounded-full bg-lilac px-2 text-xs">{p.category}</span>
              </div>
              <p className="text-sm text-ink/70">{p.excerpt || cut(p.body ?? '', 150)}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {SOCIAL.map(([field, label]) =>
                  p[field] ? (
                    <button
                      key={field}
                      type="button"
                      className="btn-secondary text-xs"
                      onClick={() => copy(p[field] ?? '')}
                    >
                      {t('tab.copy', { platform: label })}
                    </button>
                  ) : null,
                )}
                <label className="btn-secondary cursor-pointer text-xs">
                  {t('tab.upload')}
                  <input
                    type="file"
                    accept="image/*"
                    className="sr-only"
                    onChange={async (e) => {
                      const file = e.target.files?.[0];
                      e.target.value = '';
                      if (!file) return;
                      const updated = await upload(db, p, file, t);
                      if (updated)
                        setPosts((prev) => prev?.map((x) => (x.id === p.id ? updated : x)) ?? null);
                    }}
                  />
                </label>
              </div>
            </div>
            {p.image_public_url ? (
              <div className="h-20 w-20 shrink-0 text-xs">
                <img
                  src={p.image_public_url}
                  alt=""
                  data-fallback-image=""
                  data-fallback-text={t('tab.imageFailed')}
                  className="h-20 w-20 rounded-lg object-cover"
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /timeline-alchemy/admin/blog-posts: admins only. */
export default adminScreenPage(BlogPosts);
