import { useEffect, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import type { Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { fetchHistory, fetchPreview, type HistoryEntry, type Preview, textFor } from '../data.ts';
import { parseChannel } from '../platforms.ts';
import { formatWhen, platformName, useT } from '../shared/format.ts';
import { HistoryList } from '../shared/HistoryList.tsx';
import { PlatformMockup } from '../shared/PlatformMockup.tsx';
import type { IslandProps } from '../shared/page-props.ts';
import { ClientDeletedBadge, StatusBadge } from '../shared/StatusBadge.tsx';
import { TaGate } from '../shared/TaGate.tsx';
import { Wizard } from './Wizard.tsx';

type Loaded = { preview: Preview; history: HistoryEntry[] } | null;

/** ?id= shows a preview, &edit=true edits it; without an id the wizard starts a new one. */
function WizardRoute({ db, props }: { db: TypedSupabaseClient; props: IslandProps }) {
  const t = useT(props.messages, props.lang);
  // Read on the client: the page is one static shell, so ?id= works on any host and on reload.
  const [query] = useState(() => new URLSearchParams(location.search));
  const id = query.get('id');
  const edit = query.get('edit') === 'true';
  const [loaded, setLoaded] = useState<Loaded | undefined>(id ? undefined : null);
  const [failed, setFailed] = useState(false);

  const load = () => {
    if (!id) return;
    setFailed(false);
    Promise.all([fetchPreview(db, id), fetchHistory(db, id)]).then(
      ([preview, history]) => setLoaded(preview ? { preview, history } : null),
      () => setFailed(true),
    );
  };
  useEffect(load, [db, id]);

  if (failed) return <ErrorState title={t('ta.loadError')} retryLabel={t('app.retry')} onRetry={load} />;
  if (loaded === undefined) return <LoadingState label={t('taw.loading')} />;
  if (id && !loaded)
    return (
      <EmptyState
        title={t('taw.notFound')}
        action={
          <a className="btn-secondary" href={props.dashboardPath}>
            {t('ta.nav.dashboard')}
          </a>
        }
      />
    );
  if (loaded && !edit)
    return <PreviewView loaded={loaded} lang={props.lang} t={t} wizardPath={props.wizardPath} />;
  return (
    <Wizard
      db={db}
      lang={props.lang}
      messages={props.messages}
      dashboardPath={props.dashboardPath}
      editing={loaded?.preview ?? null}
    />
  );
}

function PreviewView({
  loaded: { preview: p, history },
  lang,
  t,
  wizardPath,
}: {
  loaded: NonNullable<Loaded>;
  lang: Locale;
  t: ReturnType<typeof useT>;
  wizardPath: string;
}) {
  return (
    <article className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-3xl">{p.ideas?.title || t('ta.untitled')}</h1>
        <StatusBadge status={p.status} label={t(`ta.status.${p.status}`)} />
        {p.clients?.account_deleted_at ? <ClientDeletedBadge label={t('ta.clientDeleted')} /> : null}
        {p.status !== 'published' && !p.clients?.account_deleted_at ? (
          <a className="btn-primary" href={`${wizardPath}?id=${p.id}&edit=true`}>
            {t('ta.dash.edit')}
          </a>
        ) : null}
      </div>
      <p className="text-sm text-ink/70">
        {t('ta.client')}: {p.clients?.name} · {t('ta.revision', { n: p.revision })} · {t('ta.scheduled')}:{' '}
        {p.scheduled_at
          ? `${formatWhen(p.scheduled_at, lang)} (${t('ta.yourTime')}) · ${formatWhen(p.scheduled_at, lang, p.scheduled_zone)} (${t('ta.clientTime', { zone: p.scheduled_zone })})`
          : t('ta.notScheduled')}
      </p>
      {p.client_feedback ? (
        <p className="rounded-lg bg-red-50 p-3 text-red-900">
          <strong>{t('ta.feedback')}:</strong> {p.client_feedback}
        </p>
      ) : null}
      {p.admin_notes ? (
        <p>
          <strong>{t('ta.adminNotes')}:</strong> {p.admin_notes}
        </p>
      ) : null}
      <div className="grid items-start gap-4 md:grid-cols-2">
        {parseChannel(p.channel).map((pl) => (
          <PlatformMockup
            key={pl}
            platform={pl}
            label={platformName(pl, t)}
            text={textFor(p.draft_content, pl)}
            image={p.draft_content.image}
            name={p.clients?.name ?? ''}
            seeMore={t('taw.seeMore')}
          />
        ))}
      </div>
      <HistoryList entries={history} lang={lang} t={t} />
    </article>
  );
}

/** /timeline-alchemy/admin/preview-wizard: admins only. */
export default function WizardPage(props: IslandProps & { lang: Locale }) {
  return (
    <TaGate page={props} needs="admin">
      {(gate) => <WizardRoute db={gate.db} props={props} />}
    </TaGate>
  );
}
