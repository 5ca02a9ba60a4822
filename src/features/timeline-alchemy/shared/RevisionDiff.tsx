import { useEffect, useState } from 'react';

type Part = { value: string; added?: boolean; removed?: boolean };

/**
 * A word-level diff between the text a client last reviewed and the current one. The `diff`
 * library is imported here only, when a diff is actually shown.
 */
export function RevisionDiff({
  before,
  after,
  addedLabel,
  removedLabel,
}: {
  before: string;
  after: string;
  addedLabel: string;
  removedLabel: string;
}) {
  const [parts, setParts] = useState<Part[] | null>(null);
  useEffect(() => {
    let live = true;
    import('diff').then(({ diffWords }) => {
      if (live) setParts(diffWords(before, after));
    });
    return () => {
      live = false;
    };
  }, [before, after]);
  if (!parts) return null;
  return (
    <p
      className="whitespace-pre-wrap break-words rounded-lg bg-ink/5 p-3 text-sm"
      data-testid="revision-diff"
    >
      {parts.map((part, i) =>
        part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the diff's parts have no identity but their order
          <ins key={i} className="bg-emerald-100 text-emerald-950 no-underline" title={addedLabel}>
            {part.value}
          </ins>
        ) : part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <del key={i} className="bg-red-100 text-red-900" title={removedLabel}>
            {part.value}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}
