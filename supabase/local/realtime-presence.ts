import { randomBytes } from 'node:crypto';

/**
 * Phoenix Presence as Supabase Realtime exposes it: per topic, each presence key has a list of
 * metas (one per tracking channel), each with a unique `phx_ref`. `presence_state` is
 * `{key: {metas: [...]}}`; `presence_diff` is `{joins: {...}, leaves: {...}}` in the same shape.
 * An update of a tracked payload is a leave of the old meta and a join of the new one, whose meta
 * carries `phx_ref_prev`.
 */
type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceGroup = Record<string, { metas: Meta[] }>;
export type PresenceDiff = { joins: PresenceGroup; leaves: PresenceGroup };

type Entry = { key: string; meta: Meta; payload: string };

const newRef = () => randomBytes(9).toString('base64url');

export class PresenceHub<Owner> {
  private readonly topics = new Map<string, Map<Owner, Entry>>();

  /** Tracks or updates `owner`'s presence; null when the payload did not change. */
  track(topic: string, key: string, owner: Owner, payload: Record<string, unknown>): PresenceDiff | null {
    let entries = this.topics.get(topic);
    if (!entries) {
      entries = new Map();
      this.topics.set(topic, entries);
    }
    const text = JSON.stringify(payload);
    const previous = entries.get(owner);
    if (previous && previous.payload === text && previous.key === key) return null;
    const meta: Meta = { ...payload, phx_ref: newRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    entries.set(owner, { key, meta, payload: text });
    return {
      joins: { [key]: { metas: [meta] } },
      leaves: previous ? { [previous.key]: { metas: [previous.meta] } } : {},
    };
  }

  /** Removes `owner`'s presence; null when it was not tracked. */
  untrack(topic: string, owner: Owner): PresenceDiff | null {
    const entries = this.topics.get(topic);
    const previous = entries?.get(owner);
    if (!entries || !previous) return null;
    entries.delete(owner);
    if (entries.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: { [previous.key]: { metas: [previous.meta] } } };
  }

  state(topic: string): PresenceGroup {
    const group: PresenceGroup = {};
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) {
      const { phx_ref_prev: _prev, ...current } = meta;
      const metas = group[key]?.metas ?? [];
      metas.push(current as Meta);
      group[key] = { metas };
    }
    return group;
  }
}
