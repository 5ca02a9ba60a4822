/**
 * Side by side in the week view: cards whose boxes overlap in time share their day's width, each
 * in the first column free at its start (as Google Calendar draws them). Pure, unit-tested.
 */
export type Placed = { col: number; cols: number };

/** Columns for one day's cards by their start minute; each box is `span` minutes tall. */
export function placeDay(items: { id: string; minute: number }[], span: number): Map<string, Placed> {
  const placed = new Map<string, Placed>();
  const sorted = [...items].sort((a, b) => a.minute - b.minute || a.id.localeCompare(b.id));
  // A cluster: cards chained by overlaps; all its cards share one column count.
  let cluster: { id: string; col: number }[] = [];
  let ends: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const c of cluster) placed.set(c.id, { col: c.col, cols: ends.length });
    cluster = [];
    ends = [];
  };
  for (const item of sorted) {
    if (item.minute >= clusterEnd) close();
    let col = ends.findIndex((end) => end <= item.minute);
    if (col === -1) col = ends.push(0) - 1;
    ends[col] = item.minute + span;
    cluster.push({ id: item.id, col });
    clusterEnd = Math.max(clusterEnd, item.minute + span);
  }
  close();
  return placed;
}
