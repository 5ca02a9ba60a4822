import { useEffect, useMemo, useReducer, useState } from 'react';
import { ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showToast } from '~/components/toast.ts';
import type { Locale } from '~/i18n/locales.ts';
import { useFirstContent } from '~/lib/first-content.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { errorText } from '~/lib/supabase/errors.ts';
import {
  type BlogPost,
  type Client,
  createPreview,
  editPreview,
  fetchBlogPosts,
  fetchClients,
  fetchTimeZone,
  isClientGoneError,
  type Preview,
} from '../data.ts';
import { checkText, type Platform } from '../platforms.ts';
import { localZone, useT, utcToZoned, zonedToUtc } from '../shared/format.ts';
import { loadXCounter, type WeightedLength } from '../x-counter.ts';
import { bodyOf, reasonOf, StepEditor, sourceText } from './StepEditor.tsx';
import { StepClient, StepPost } from './StepPickers.tsx';
import { StepReview } from './StepReview.tsx';
import {
  canAdvance,
  EMPTY,
  readState,
  storageKey,
  type WizardState,
  wizardReducer,
  writeState,
} from './state.ts';

type Props = {
  db: TypedSupabaseClient;
  lang: Locale;
  messages: Record<string, string>;
  dashboardPath: string;
  /** The preview being edited (edit=true), or null for a new one. */
  editing: Preview | null;
};

/** State of an existing preview, for edit mode. */
function fromPreview(p: Preview): WizardState {
  const zone = p.scheduled_zone || localZone();
  const when = p.scheduled_at ? utcToZoned(p.scheduled_at, zone) : { date: '', time: '' };
  const platforms = (p.channel.split(',').map((s) => s.trim()) as Platform[]).filter(Boolean);
  const texts: Record<string, string> = {};
  for (const pl of platforms) texts[pl] = p.draft_content.platforms?.[pl] ?? p.draft_content.content;
  return {
    ...EMPTY,
    step: 3,
    selectedClient: p.client_id,
    selectedTemplates: platforms,
    selectedPosts: p.draft_content.selectedPosts,
    content: p.draft_content.content,
    texts,
    title: p.ideas?.title ?? '',
    scheduledDate: when.date,
    scheduledTime: when.time,
    adminNotes: p.admin_notes ?? '',
  };
}

/**
 * Blog-post admin's "Create Preview (N)" hands over its selection as ?posts=a,b,c: one preview per
 * post, one after another; `of` keeps the count of the whole batch across the steps.
 */
function handedBatch(): { posts: string[]; total: number } {
  const params = new URLSearchParams(location.search);
  const posts = params.get('posts')?.split(',').filter(Boolean) ?? [];
  return { posts, total: Math.max(Number(params.get('of')) || 0, posts.length) };
}

/** The five-step preview wizard (SPEC.md 2), kept in sessionStorage across a reload. */
export function Wizard({ db, lang, messages, dashboardPath, editing }: Props) {
  const t = useT(messages, lang);
  const key = storageKey(editing?.id ?? null);
  const [batch] = useState(() => (editing ? { posts: [], total: 0 } : handedBatch()));
  const [s, dispatch] = useReducer(wizardReducer, null, () => {
    const stored = readState(sessionStorage, key);
    if (stored) return stored;
    if (editing) return fromPreview(editing);
    const handed = batch.posts[0];
    return handed ? { ...EMPTY, selectedPosts: [handed] } : EMPTY;
  });
  const [clients, setClients] = useState<Client[] | null>(null);
  const [posts, setPosts] = useState<BlogPost[]>([]);
  const [failed, setFailed] = useState(false);
  const [weighted, setWeighted] = useState<WeightedLength>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  // The selected client's stored zone: undefined while loading, null when unknown.
  const [clientZone, setClientZone] = useState<{ id: string; zone: string | null }>();
  useFirstContent(clients !== null);

  const loadLists = () => {
    setFailed(false);
    Promise.all([fetchClients(db), fetchBlogPosts(db)]).then(
      ([c, p]) => {
        setClients(c);
        setPosts(p);
        // A handed-over or stored post that no longer exists is dropped.
        dispatch({ type: 'postsLoaded', ids: p.map((b) => b.id) });
      },
      () => setFailed(true),
    );
  };
  useEffect(loadLists, [db]);
  useEffect(() => {
    const id = s.selectedClient;
    if (!id || s.step < 4) return;
    fetchTimeZone(db, id).then(
      (zone) => setClientZone({ id, zone }),
      () => setClientZone({ id, zone: null }),
    );
  }, [db, s.selectedClient, s.step]);
  useEffect(() => writeState(sessionStorage, key, s), [key, s]);
  // twitter-text arrives with the editor step, not before.
  useEffect(() => {
    if (s.step >= 3 && !weighted) loadXCounter().then((fn) => setWeighted(() => fn));
  }, [s.step, weighted]);

  const post = posts.find((p) => p.id === s.selectedPosts[0]);
  const client = clients?.find((c) => c.profile_id === s.selectedClient);
  const platforms = s.selectedTemplates;
  const texts = s.texts as Partial<Record<Platform, string>>;
  const problems = useMemo(
    () => platforms.map((p) => reasonOf(p, checkText(p, texts[p] ?? '', weighted), t)).filter(Boolean),
    [platforms, texts, weighted, t],
  );

  const canNext = canAdvance(s, posts.length);
  const togglePlatform = (p: Platform) =>
    dispatch({ type: 'platformToggled', platform: p, text: sourceText(post, p) ?? bodyOf(post) });

  const save = async () => {
    setError('');
    const main = platforms.map((p) => texts[p] ?? '').find((x) => x.trim()) ?? '';
    if (!s.selectedClient || platforms.length === 0 || !main.trim()) return setError(t('taw.required'));
    if (problems.length) return setError(t('taw.blocked'));
    const zone = localZone();
    let scheduledAt: string | null = null;
    if (s.scheduledDate && s.scheduledTime) {
      const at = zonedToUtc(s.scheduledDate, s.scheduledTime, zone);
      if (!at || at.getTime() < Date.now()) return setError(t('taw.pastDate'));
      scheduledAt = at.toISOString();
    }
    const input = {
      clientId: s.selectedClient,
      title: s.title.trim() || post?.title || '',
      channel: platforms.join(', '),
      draft: {
        content: main,
        template: platforms.join(', '),
        selectedPosts: s.selectedPosts,
        image: post ? (post.image_public_url ?? post.image_url) : null,
        platforms: Object.fromEntries(platforms.map((p) => [p, texts[p] ?? ''])),
      },
      scheduledAt,
      zone,
      notes: s.adminNotes,
    };
    setSaving(true);
    try {
      if (editing) await editPreview(db, editing.id, input);
      else await createPreview(db, input);
      sessionStorage.removeItem(key);
      showToast({ title: t('taw.saved') });
      const rest = batch.posts.slice(1);
      // The next post of the batch opens in a fresh wizard; after the last, the dashboard.
      location.assign(
        rest.length ? `${location.pathname}?posts=${rest.join(',')}&of=${batch.total}` : dashboardPath,
      );
    } catch (e) {
      // What was typed stays: the state is untouched and still in sessionStorage.
      const message = isClientGoneError(e) ? t('ta.clientDeletedRefused') : errorText(t, e);
      setError(`${t('taw.saveFailed')}: ${message}`);
      showToast({ title: t('taw.saveFailed'), description: message, variant: 'error' });
      setSaving(false);
    }
  };

  if (failed) return <ErrorState title={t('ta.loadError')} retryLabel={t('app.retry')} onRetry={loadLists} />;
  if (!clients) return <LoadingState label={t('taw.loading')} />;
  const steps = [1, 2, 3, 4, 5] as const;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl">{editing ? t('taw.editTitle') : t('taw.title')}</h1>
      {client?.account_deleted_at ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {t('ta.clientDeletedRefused')}
        </p>
      ) : null}
      {batch.total > 1 ? (
        <p className="rounded-lg bg-lilac p-3" data-testid="batch">
          {t('taw.batch', { n: batch.total - batch.posts.length + 1, total: batch.total })}
        </p>
      ) : null}
      <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('taw.step', { n: s.step })}>
        {steps.map((n) => (
          <li
            key={n}
            aria-current={s.step === n ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${s.step === n ? 'bg-violet text-white' : s.step > n ? 'bg-lilac' : 'bg-ink/5'}`}
          >
            {n}. {t(`taw.step${n}`)}
          </li>
        ))}
      </ol>
      <h2 className="text-2xl">{t(`taw.step${s.step as (typeof steps)[number]}`)}</h2>
      {s.step === 1 ? (
        <StepClient
          clients={clients}
          selected={s.selectedClient}
          onSelect={(id) => dispatch({ type: 'clientSelected', id })}
          locked={editing !== null}
          t={t}
        />
      ) : null}
      {s.step === 2 ? (
        <StepPost
          posts={posts}
          selected={s.selectedPosts[0] ?? null}
          t={t}
          onToggle={(id) => dispatch({ type: 'postToggled', id })}
        />
      ) : null}
      {s.step === 3 ? (
        <StepEditor
          post={post}
          selected={platforms}
          texts={texts}
          weighted={weighted}
          t={t}
          onToggle={togglePlatform}
          onText={(p, text) => dispatch({ type: 'textChanged', platform: p, text })}
        />
      ) : null}
      {s.step >= 4 ? (
        <StepReview
          state={s}
          step={s.step}
          client={client}
          post={post}
          lang={lang}
          problems={problems}
          clientZone={clientZone?.id === s.selectedClient ? clientZone.zone : undefined}
          revision={editing ? editing.revision + 1 : 1}
          t={t}
          onChange={(patch) => dispatch({ type: 'patch', patch })}
        />
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      <div className="flex gap-3">
        <button
          type="button"
          className="btn-secondary"
          disabled={s.step === 1}
          onClick={() => dispatch({ type: 'previous' })}
        >
          {t('taw.previous')}
        </button>
        {s.step < 5 ? (
          <button
            type="button"
            className="btn-primary"
            disabled={!canNext}
            onClick={() => dispatch({ type: 'next', postCount: posts.length })}
          >
            {t('taw.next')}
          </button>
        ) : (
          <button
            type="button"
            className="btn-primary"
            disabled={saving || problems.length > 0}
            onClick={save}
          >
            {saving ? t('taw.saving') : t('taw.save')}
          </button>
        )}
      </div>
    </div>
  );
}
