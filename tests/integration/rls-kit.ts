import { describe, expect, it } from 'vitest';
import { ACTORS, type Actor, type ActorName, actor, rowOf, USERS, uid } from './helpers.ts';

/**
 * An allow/deny matrix: each scenario runs once per actor and reports whether the operation
 * took effect (checked afterwards with the service role), which must match `allowed`.
 */
export type Scenario = {
  table: string;
  op: string;
  allowed: readonly ActorName[];
  /** Actors to run (default all six). */
  actors?: readonly ActorName[];
  run: (a: Actor) => Promise<boolean>;
};

export const AUTHENTICATED: readonly ActorName[] = ['memberA', 'memberB', 'clientA', 'clientB', 'admin'];
export const EVERYONE: readonly ActorName[] = ACTORS;
export const ADMIN: readonly ActorName[] = ['admin'];
export const NOBODY: readonly ActorName[] = [];

/** The actor's own user id; anon has none, so "own" rows of anon belong to member A. */
export const own = (a: Actor) => a.id ?? USERS.memberA.id;
/** Someone else: member B, or member A when the actor is member B. */
export const other = (a: Actor) => (a.id === USERS.memberB.id ? USERS.memberA.id : USERS.memberB.id);

export async function canSelect(a: Actor, table: string, id: string): Promise<boolean> {
  const { data } = await a.db.from(table).select('id').eq('id', id);
  return (data?.length ?? 0) === 1;
}

export async function canInsert(a: Actor, table: string, row: Record<string, unknown>): Promise<boolean> {
  const id = (row['id'] as string | undefined) ?? uid();
  await a.db.from(table).insert({ ...row, id });
  return (await rowOf(table, id)) !== null;
}

export async function canUpdate(
  a: Actor,
  table: string,
  id: string,
  patch: Record<string, unknown>,
): Promise<boolean> {
  await a.db.from(table).update(patch).eq('id', id);
  const row = await rowOf(table, id);
  return Object.entries(patch).every(([k, v]) => JSON.stringify(row?.[k]) === JSON.stringify(v));
}

export async function canDelete(a: Actor, table: string, id: string): Promise<boolean> {
  await a.db.from(table).delete().eq('id', id);
  return (await rowOf(table, id)) === null;
}

export function runMatrix(title: string, scenarios: Scenario[]): void {
  describe(title, () => {
    for (const s of scenarios) {
      for (const name of s.actors ?? ACTORS) {
        const allowed = s.allowed.includes(name);
        it(`${s.table} ${s.op}: ${name} ${allowed ? 'may' : 'may not'}`, async () => {
          expect(await s.run(await actor(name))).toBe(allowed);
        });
      }
    }
  });
}
