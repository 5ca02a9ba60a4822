import { useCallback, useEffect, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import { showToast } from '~/components/toast.ts';
import type { TextsFor } from '~/i18n/bind.ts';
import type { Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { errorText } from '~/lib/supabase/errors.ts';
import { type TaPrefix, useT } from '../shared/format.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { adminScreenPage } from '../shared/TaGate.tsx';
import { archiveIdea, fetchIdeas, type Idea, saveIdea } from './ideas-data.ts';

function Ideas({
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
  const [ideas, setIdeas] = useState<Idea[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<{ id: string | null; title: string; description: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    fetchIdeas(db).then(setIdeas, () => setFailed(true));
  }, [db]);
  useEffect(load, [load]);

  const save = async () => {
    if (!editing?.title.trim()) return;
    setBusy(true);
    const row = { title: editing.title.trim(), description: editing.description.trim() || null };
    try {
      await saveIdea(db, editing.id, row);
    } catch (error) {
      // The form stays open with what was typed.
      showToast({ title: t('tai.createFailed'), description: errorText(t, error), variant: 'error' });
      return;
    } finally {
      setBusy(false);
    }
    showToast({ title: t('tai.saved') });
    setEditing(null);
    load();
  };

  const archive = async (id: string) => {
    try {
      await archiveIdea(db, id);
    } catch (error) {
      showToast({ title: t('tab.updateFailed'), description: errorText(t, error), variant: 'error' });
      return;
    }
    showToast({ title: t('tai.archived') });
    setIdeas((prev) => prev?.filter((i) => i.id !== id) ?? null);
  };

  if (failed) return <ErrorState title={t('ta.loadError')} retryLabel={t('app.retry')} onRetry={load} />;
  if (!ideas) return <LoadingState label={t('app.loading')} />;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-3xl">{t('tai.title')}</h1>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setEditing({ id: null, title: '', description: '' })}
        >
          {t('tai.new')}
        </button>
      </div>
      {editing ? (
        <form
          className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label className="block">
            <span className="text-sm font-medium">{t('tai.titleLabel')}</span>
            <input
              className="field-input mt-1 w-full"
              required
              value={editing.title}
              onChange={(e) => setEditing({ ...editing, title: e.target.value })}
            />
          </label>
          <label className="block">
            <span className="text-sm font-medium">{t('tai.description')}</span>
            <textarea
              className="field-input mt-1 w-full"
              rows={3}
              value={editing.description}
              onChange={(e) => setEditing({ ...editing, description: e.target.value })}
            />
          </label>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={busy || !editing.title.trim()}>
              {t('tai.save')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setEditing(null)}>
              {t('app.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      {ideas.length === 0 ? <EmptyState title={t('tai.empty')} /> : null}
      <ul className="grid items-start gap-4 md:grid-cols-2">
        {ideas.map((idea) => (
          <li key={idea.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10">
            <div className="flex items-center gap-2">
              <h2 className="mr-auto text-lg">{idea.title}</h2>
              <span className="rounded-full bg-ink/5 px-2 text-xs">{t(`tai.status.${idea.status}`)}</span>
            </div>
            <p className="text-sm text-ink/70">{idea.description}</p>
            <p className="mt-2 text-sm">{t('tai.previews', { count: idea.previews.length })}</p>
            <ul className="mt-1 flex flex-wrap gap-2">
              {idea.previews.map((p) => (
                <li key={p.id}>
                  <a href={`${wizardPath}?id=${p.id}`}>
                    <StatusBadge status={p.status} label={t(`ta.status.${p.status}`)} />
                  </a>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex gap-2">
              <button
                type="button"
                className="btn-secondary"
                onClick={() =>
                  setEditing({ id: idea.id, title: idea.title, description: idea.description ?? '' })
                }
              >
                {t('tai.edit')}
              </button>
              <button type="button" className="btn-secondary" onClick={() => archive(idea.id)}>
                {t('tai.archive')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /timeline-alchemy/admin/ideas: admins only. */
export default adminScreenPage(Ideas);
