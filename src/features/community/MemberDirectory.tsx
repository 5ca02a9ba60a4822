import { useEffect, useId, useState } from 'react';
import { Avatar } from '~/components/app/Avatar.tsx';
import { EmptyState, ErrorState, LoadingState } from '~/components/app/States.tsx';
import type { Tr } from '~/i18n/bind.ts';
import { afterFirstContent } from '~/lib/first-content.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { fetchMembers, type Member } from './members-data.ts';

type Props = {
  db: TypedSupabaseClient;
  exclude: string[];
  /** How many are shown first; with `showMore` the rest opens with "Show N more". */
  first: number;
  showMore?: boolean;
  search?: boolean;
  heading: string;
  profileHref: (userId: string) => string;
  t: Tr;
};

/** A list of members (SPEC.md 9: 8 with show-more on /community, 10 on /profile, 8 on /user). */
export function MemberDirectory({
  db,
  exclude,
  first,
  showMore = false,
  search = false,
  heading,
  profileHref,
  t,
}: Props) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const [attempt, setAttempt] = useState(0);
  const id = useId();
  const excludeKey = exclude.join(',');
  const unknownName = t('community.unknownUser');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try Again
  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    setMembers(null);
    // A side list: read once the page's first content is on screen.
    afterFirstContent()
      .then(() =>
        fetchMembers(
          db,
          excludeKey ? excludeKey.split(',') : [],
          unknownName,
          showMore || search ? 500 : first,
        ),
      )
      .then((list) => !cancelled && setMembers(list))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [db, excludeKey, first, showMore, search, unknownName, attempt]);

  const needle = query.trim().toLowerCase();
  const matching = members?.filter((m) => !needle || m.name.toLowerCase().includes(needle)) ?? [];
  const shown = expanded || needle ? matching : matching.slice(0, first);
  const rest = matching.length - first;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10"
    >
      <h2 id={`${id}-heading`} className="text-2xl">
        {heading}
      </h2>
      {search && members?.length ? (
        <div className="mt-3">
          <label htmlFor={`${id}-search`} className="field-label">
            {t('community.members.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="field-input"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      ) : null}
      {failed ? (
        <ErrorState
          title={t('community.members.error')}
          retryLabel={t('app.retry')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : members === null ? (
        <LoadingState label={t('app.loading')} lines={2} />
      ) : members.length === 0 ? (
        <EmptyState title={t('community.members.empty')} />
      ) : shown.length === 0 ? (
        <p className="mt-3 text-ink/70">{t('community.members.noMatch')}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-1" data-testid="member-list">
          {shown.map((m) => (
            <li key={m.userId} className="min-w-0">
              <a
                href={profileHref(m.userId)}
                className="flex min-w-0 items-center gap-3 rounded-xl p-2 hover:bg-lilac"
              >
                <Avatar name={m.name} url={m.avatarUrl} size={40} />
                <span className="min-w-0 truncate font-medium text-night">{m.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {showMore && !needle && members && rest > 0 ? (
        <button
          type="button"
          className="btn-secondary mt-4"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('community.members.showLess') : t('community.members.showMore', { count: rest })}
        </button>
      ) : null}
    </section>
  );
}
