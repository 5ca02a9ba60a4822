/** A row of counters (label over number). */
export function StatCards({ items }: { items: Array<{ key: string; label: string; value: number }> }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {items.map((item) => (
        <div
          key={item.key}
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink/10"
          data-stat={item.key}
        >
          <dt className="text-sm text-ink/70">{item.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-night">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
