import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '~/i18n/locales.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type Connection, connectUrl, disconnect, myConnections } from '../publishing/data.ts';
import { PageChooser } from '../publishing/PageChooser.tsx';
import { formatWhen, useT } from '../shared/format.ts';
import type { IslandProps } from '../shared/page-props.ts';
import { TaGate } from '../shared/TaGate.tsx';

/** `via`: the platform whose login connects it (Instagram business accounts come with their Facebook Page). */
const PLATFORMS = [
  { id: 'x', name: 'X', via: 'x' },
  { id: 'linkedin', name: 'LinkedIn', via: 'linkedin' },
  { id: 'facebook', name: 'Facebook', via: 'facebook' },
  { id: 'instagram', name: 'Instagram', via: 'facebook' },
] as const;

function Connections({
  db,
  lang,
  messages,
}: {
  db: TypedSupabaseClient;
  lang: Locale;
  messages: Record<string, string>;
}) {
  const t = useT(messages, lang);
  const [items, setItems] = useState<Connection[] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(
    () => myConnections(db).then(setItems, () => setError(t('ta.social.loadFailed'))),
    [db, t],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const [params, setParams] = useState(() =>
    typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search),
  );
  const choosing = params.get('choose');
  const chosen = () => {
    history.replaceState(null, '', `${location.pathname}?connected=${choosing}`);
    setParams(new URLSearchParams(`connected=${choosing}`));
    void load();
  };
  const go = (platform: string) =>
    connectUrl(db, platform, lang).then(
      (url) => location.assign(url),
      () => setError(t('ta.social.connectFailed')),
    );
  return (
    <div className="space-y-6">
      <h1 className="text-3xl">{t('ta.social.title')}</h1>
      {params.get('connected') ? <p role="status">{t('ta.social.connectedOk')}</p> : null}
      {params.get('connect') === 'failed' || error ? (
        <p role="alert">{error || t('ta.social.connectFailed')}</p>
      ) : null}
      {params.get('connect') === 'nopages' ? <p role="alert">{t('ta.social.noPages')}</p> : null}
      {choosing === 'facebook' || choosing === 'linkedin' ? (
        <PageChooser db={db} t={t} platform={choosing} onDone={chosen} />
      ) : null}
      <ul className="grid gap-4 md:grid-cols-2">
        {PLATFORMS.map((p) => {
          const c = items?.find((i) => i.platform === p.id);
          const status = c?.status ?? 'none';
          return (
            <li
              key={p.id}
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10"
              aria-label={p.name}
            >
              <h2 className="text-xl">{p.name}</h2>
              <p className="mt-1 text-sm">
                <span
                  className={`rounded-full px-2 py-0.5 ${status === 'connected' ? 'bg-emerald-100 text-emerald-900' : status === 'none' ? 'bg-ink/10' : 'bg-red-100 text-red-900'}`}
                >
                  {t(`ta.social.status.${status}`)}
                </span>
              </p>
              {c ? (
                <p className="mt-2 text-sm">
                  {c.account_name} · {formatWhen(c.connected_at, lang)}
                </p>
              ) : null}
              {p.via !== p.id ? <p className="mt-2 text-sm">{t('ta.social.viaFacebook')}</p> : null}
              <div className="mt-3 flex gap-2">
                {status !== 'connected' ? (
                  <button
                    type="button"
                    className="btn-primary"
                    onClick={() => void go(p.via)}
                    disabled={items === null}
                  >
                    {t(status === 'none' ? 'ta.social.connect' : 'ta.social.reconnect', { platform: p.name })}
                  </button>
                ) : null}
                {c ? (
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() =>
                      disconnect(db, p.id).then(load, () => setError(t('ta.social.connectFailed')))
                    }
                  >
                    {t('ta.social.disconnect', { platform: p.name })}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** /timeline-alchemy/client/social-connections: clients only. */
export default function SocialConnectionsPage(props: IslandProps) {
  return (
    <TaGate page={props} needs="client">
      {(gate) => <Connections db={gate.db} lang={props.lang} messages={props.messages} />}
    </TaGate>
  );
}
