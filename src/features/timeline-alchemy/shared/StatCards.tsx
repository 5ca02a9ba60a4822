import { formatNumber } from '~/i18n/format.ts';
import type { Locale } from '~/i18n/locales.ts';

/**
 * A row of counters (label over number), the numbers written in the page's language. A number not
 * known yet shows a dash: the row has its height before the counts arrive, so nothing below moves.
 */
export function StatCards({
  items,
  lang,
}: {
  items: Array<{ key: string; label: string; value: number | undefined }>;
  lang: Locale;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {items.map((item) => (
        <div
          key={item.key}
          className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink/10"
          data-stat={item.key}
        >
          <dt className="break-words text-sm text-ink/70">{item.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-night">
            {item.value === undefined ? <span aria-hidden="true">–</span> : formatNumber(item.value, lang)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
