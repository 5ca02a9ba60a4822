import type { Locale } from '~/i18n/locales.ts';
import type { HistoryEntry } from '../data.ts';
import { formatWhen, type T } from './format.ts';

/** The append-only history of a preview: what happened, which version, when, and how. */
export function HistoryList({ entries, lang, t }: { entries: HistoryEntry[]; lang: Locale; t: T }) {
  return (
    <section aria-label={t('ta.history.title')} className="mt-3">
      <h4 className="text-sm font-semibold">{t('ta.history.title')}</h4>
      <ol className="mt-1 space-y-1 text-sm text-ink/80">
        {entries.map((h) => (
          <li key={h.id}>
            <span className="font-medium">{t(`ta.history.${h.event}`)}</span>
            {h.revision ? ` · ${t('ta.revision', { n: h.revision })}` : ''}
            {h.via_link ? ` · ${t('ta.history.viaLink')}` : ''} ·{' '}
            <time dateTime={h.created_at}>{formatWhen(h.created_at, lang)}</time>
            {h.feedback ? <q className="ml-1 italic">{h.feedback}</q> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
