import { useState } from 'react';
import { EmptyState } from '~/components/app/States.tsx';
import { GatedPage } from '~/features/auth/islands.ts';
import { formatNumber } from '~/i18n/format.ts';
import type { Locale } from '~/i18n/locales.ts';
import { formatWhen, useT } from '../shared/format.ts';
import type { IslandProps } from '../shared/page-props.ts';
import { StatCards } from '../shared/StatCards.tsx';

type Connection = {
  id: string;
  platform: string;
  username: string;
  displayName: string;
  profileUrl: string;
  status: 'connected' | 'disconnected' | 'error';
  lastSync: string;
  followers: number;
  posts: number;
};

/** The spec's sample accounts (SPEC.md 2): shown as examples, nothing is fetched or connected. */
const SAMPLE_CONNECTIONS: Connection[] = [
  {
    id: '1',
    platform: 'Instagram',
    username: '@innercircle',
    displayName: 'Inner Circle',
    profileUrl: 'https://instagram.com/innercircle',
    status: 'connected',
    lastSync: '2026-11-22T08:00:00Z',
    followers: 12_480,
    posts: 342,
  },
  {
    id: '2',
    platform: 'LinkedIn',
    username: 'inner-circle',
    displayName: 'Inner Circle',
    profileUrl: 'https://linkedin.com/company/inner-circle',
    status: 'connected',
    lastSync: '2026-11-21T16:30:00Z',
    followers: 3_210,
    posts: 118,
  },
  {
    id: '3',
    platform: 'Twitter',
    username: '@innercircle_nl',
    displayName: 'Inner Circle NL',
    profileUrl: 'https://x.com/innercircle_nl',
    status: 'disconnected',
    lastSync: '2026-10-02T10:15:00Z',
    followers: 1_905,
    posts: 640,
  },
];

function Connections({ lang, messages }: { lang: Locale; messages: Record<string, string> }) {
  const t = useT(messages, lang);
  const [items, setItems] = useState(SAMPLE_CONNECTIONS);
  const connected = items.filter((c) => c.status === 'connected');
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-3xl">{t('ta.social.title')}</h1>
        <button type="button" className="btn-secondary" onClick={() => setItems([...SAMPLE_CONNECTIONS])}>
          {t('ta.refresh')}
        </button>
      </div>
      <p className="rounded-lg bg-gold-light/40 p-3 text-sm" role="note">
        {t('ta.social.sample')}
      </p>
      <StatCards
        lang={lang}
        items={[
          { key: 'platforms', label: t('ta.social.totalPlatforms'), value: items.length },
          { key: 'connected', label: t('ta.social.connected'), value: connected.length },
          {
            key: 'followers',
            label: t('ta.social.followers'),
            value: connected.reduce((n, c) => n + c.followers, 0),
          },
        ]}
      />
      <section>
        <h2 className="mb-3 text-xl">{t('ta.social.current', { count: items.length })}</h2>
        {items.length === 0 ? (
          <EmptyState title={t('ta.social.empty')} />
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {items.map((c) => (
              <li key={c.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10">
                <p className="font-semibold">{c.displayName}</p>
                <p className="text-sm text-ink/70">
                  {c.username} · {c.platform}
                </p>
                <p className="mt-2 text-xs">
                  <span
                    className={`rounded-full px-2 py-0.5 ${c.status === 'connected' ? 'bg-emerald-100 text-emerald-900' : c.status === 'error' ? 'bg-red-100 text-red-900' : 'bg-ink/10'}`}
                  >
                    {t(`ta.social.status.${c.status}`)}
                  </span>
                </p>
                <dl className="mt-3 grid grid-cols-2 gap-1 text-sm">
                  <dt className="text-ink/70">{t('ta.social.lastSync')}</dt>
                  <dd>{formatWhen(c.lastSync, lang)}</dd>
                  <dt className="text-ink/70">{t('ta.social.followersLabel')}</dt>
                  <dd>{formatNumber(c.followers, lang)}</dd>
                  <dt className="text-ink/70">{t('ta.social.posts')}</dt>
                  <dd>{formatNumber(c.posts, lang)}</dd>
                </dl>
                <a
                  className="btn-secondary mt-3"
                  href={c.profileUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('ta.social.viewProfile')}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /timeline-alchemy/client/social-connections: clients only. */
export default function SocialConnectionsPage(props: IslandProps) {
  return (
    // biome-ignore lint/a11y/useValidAriaRole: `role` is the account role the page requires
    <GatedPage authPath={props.authPath} homePath={props.homePath} role="client" messages={props.messages}>
      {() => <Connections lang={props.lang} messages={props.messages} />}
    </GatedPage>
  );
}
