import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { actor, arrange, freshUser, newClient, serviceClient, uid } from '../helpers.ts';
import { broadcastChannel, dmTopic } from '../realtime-kit.ts';
import {
  discoverFunctions,
  discoverProbes,
  type Fn,
  type Probe,
  type Targets,
  tryCall,
  tryInsert,
  tryMove,
} from './block-kit.ts';

/**
 * Issue 25, point 1: a block is a block. Every public table column that points at a person, a post
 * or a comment, every function callable over REST, and the private realtime topics are found in
 * the catalog (a table or function added later is attacked without a new case). Each is attacked
 * through supabase-js by anon, a blocked member, the blocker (the other direction), a client and
 * an admin, all in a block with the target's owner: pointing at someone in a block must be refused
 * and answer exactly like pointing at someone who does not exist, so nobody learns of a block.
 */
type Person = { id: string; db: SupabaseClient; targets: Targets };
type Attacker = { name: string; id: string | null; db: SupabaseClient; victim: () => Person };

/** Admin-only tools (Timeline Alchemy, roles, moderation): admins act on anyone, block or not. */
const ADMIN_TOOLS = new Set(['clients.profile_id', 'admin_set_role', 'suspend_member', 'lift_suspension']);

let db: pg.Client;
let probes: Probe[] = [];
let fns: Fn[] = [];
let blocker: Person;
let blocked: Person;
let control: Person;
const attackers: Attacker[] = [];

async function person(name: string): Promise<Person> {
  const user = await freshUser(name);
  const post = await arrange('posts', { user_id: user.id, title: `${name}'s post`, content: 'Text' });
  const comment = await arrange('comments', { post_id: post, user_id: user.id, content: 'Own comment' });
  return { id: user.id, db: user.db, targets: { profiles: user.id, posts: post, comments: comment } };
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
  await db.connect();
  [probes, fns] = await Promise.all([discoverProbes(db), discoverFunctions(db)]);
  [blocker, blocked, control] = await Promise.all([
    person('Blocking Bo'),
    person('Blocked Bas'),
    person('Control Cas'),
  ]);
  const [anon, client, admin] = await Promise.all([actor('anon'), actor('clientA'), actor('admin')]);
  // The blocker blocks a member, a client and an admin, through the API as the app does.
  for (const id of [blocked.id, client.id, admin.id]) {
    const { error } = await blocker.db.from('blocks').insert({ blocked_id: id });
    expect(error).toBeNull();
  }
  attackers.push(
    { name: 'anon', id: null, db: anon.db, victim: () => blocker },
    { name: 'blocked member', id: blocked.id, db: blocked.db, victim: () => blocker },
    { name: 'blocker', id: blocker.id, db: blocker.db, victim: () => blocked },
    { name: 'blocked client', id: client.id, db: client.db, victim: () => blocker },
    { name: 'blocked admin', id: admin.id, db: admin.db, victim: () => blocker },
  );
});

afterAll(async () => {
  await serviceClient().from('blocks').delete().eq('blocker_id', blocker.id);
  await db?.end();
});

const isAdmin = (a: Attacker) => a.name === 'blocked admin';

describe('the catalog is read (positive control)', () => {
  it('finds the tables and functions that point at people', () => {
    const names = probes.map((p) => `${p.table}.${p.column}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'comments.post_id',
        'likes.post_id',
        'messages.receiver_id',
        'reports.member_id',
        'blocks.blocked_id',
        'friendships.addressee_id',
      ]),
    );
    expect(fns.map((f) => f.name)).toEqual(
      expect.arrayContaining(['is_blocked', 'send_friend_request', 'may_message', 'my_conversations']),
    );
  });
});

describe('writes that point at someone in a block answer as if they did not exist', () => {
  it('every table column that points at a person or their content', async () => {
    const failures: string[] = [];
    const open: string[] = [];
    for (const a of attackers) {
      for (const probe of probes) {
        const key = `${probe.table}.${probe.column}`;
        if (isAdmin(a) && ADMIN_TOOLS.has(key)) continue;
        const victim = await tryInsert(a.db, a.id, probe, a.victim().targets[probe.kind]);
        const missing = await tryInsert(a.db, a.id, probe, uid());
        if (victim.ok || victim.answer !== missing.answer) {
          failures.push(`${a.name} -> ${key}: ${victim.answer} vs missing ${missing.answer}`);
        }
        if (
          a.name === 'blocked member' &&
          (await tryInsert(a.db, a.id, probe, control.targets[probe.kind])).ok
        )
          open.push(key);
      }
    }
    expect(failures).toEqual([]);
    // The same probes go through to someone outside a block, so the refusals above are the block's.
    expect(open).toEqual(
      expect.arrayContaining([
        'comments.post_id',
        'likes.post_id',
        'messages.receiver_id',
        'reports.post_id',
        'reports.comment_id',
        'reports.member_id',
        'blocks.blocked_id',
      ]),
    );
  });

  it('an own row cannot be moved to point at someone in a block', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const a of attackers) {
      if (!a.id) continue;
      for (const probe of probes.filter((p) => p.updatable && p.own.length > 0)) {
        const { data } = await serviceClient()
          .from(probe.table)
          .select('id')
          .eq(probe.own[0] as string, a.id)
          .limit(1);
        const id = (data?.[0] as { id?: string } | undefined)?.id;
        if (!id) continue;
        tried++;
        const victim = await tryMove(a.db, probe, id, a.victim().targets[probe.kind]);
        const missing = await tryMove(a.db, probe, id, uid());
        if (victim.ok || victim.answer !== missing.answer) {
          failures.push(
            `${a.name} moves ${probe.table}.${probe.column}: ${victim.answer} vs ${missing.answer}`,
          );
        }
      }
    }
    expect(tried).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});

describe('functions answer about someone in a block as about someone who does not exist', () => {
  it('every function callable over REST, each uuid argument in turn', async () => {
    const failures: string[] = [];
    for (const a of attackers) {
      for (const fn of fns) {
        if (isAdmin(a) && ADMIN_TOOLS.has(fn.name)) continue;
        for (const arg of fn.args.filter((x) => x.type === 'uuid')) {
          const victim = await tryCall(a.db, a.id, fn, arg.name, a.victim().id);
          const missing = await tryCall(a.db, a.id, fn, arg.name, uid());
          if (victim.answer !== missing.answer) {
            failures.push(`${a.name} -> ${fn.name}(${arg.name}): ${victim.answer} vs ${missing.answer}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the same calls tell an open member from a missing one (positive control)', async () => {
    const may = fns.find((f) => f.name === 'may_message') as Fn;
    const open = await tryCall(blocked.db, blocked.id, may, 'receiver', control.id);
    const missing = await tryCall(blocked.db, blocked.id, may, 'receiver', uid());
    expect(open.answer).not.toBe(missing.answer);
  });
});

describe('private realtime topics', () => {
  const join = async (client: SupabaseClient, topic: string) => {
    const joined = await broadcastChannel(client, topic, { private: true });
    await joined.close();
    // The topic is named in the error; its two ids sort either way, so it is left out.
    return `${joined.result.status} ${joined.result.error?.message ?? ''}`
      .split(topic)
      .join('<topic>')
      .trim();
  };

  it('a dm topic with someone in a block is refused like one with a missing member', async () => {
    const failures: string[] = [];
    for (const a of attackers) {
      const me = a.id ?? uid();
      const victim = await join(a.db, dmTopic(me, a.victim().id));
      const missing = await join(a.db, dmTopic(me, uid()));
      if (victim.startsWith('SUBSCRIBED') || victim !== missing)
        failures.push(`${a.name}: ${victim} vs ${missing}`);
    }
    expect(failures).toEqual([]);
    expect(await join(blocked.db, dmTopic(blocked.id, control.id))).toBe('SUBSCRIBED');
  });
});

describe('reads about the other side stop at the block', () => {
  it('my_conversations shows neither side the other’s name or picture once blocked', async () => {
    const x = await freshUser('Xander Before');
    const y = await freshUser('Yvonne');
    expect((await y.db.from('messages').insert({ receiver_id: x.id, content: 'hello' })).error).toBeNull();
    const names = async (c: SupabaseClient) =>
      (
        (await c.rpc('my_conversations')).data as Array<{ other_id: string; display_name: string | null }>
      ).map((r) => r.display_name);
    expect(await names(y.db)).toEqual(['Xander Before']);
    expect((await x.db.from('blocks').insert({ blocked_id: y.id })).error).toBeNull();
    await x.db
      .from('profiles')
      .update({ display_name: 'Xander After', avatar_url: 'https://x.test/a.png' })
      .eq('user_id', x.id);
    const seenByBlocked = (await y.db.rpc('my_conversations')).data as Array<Record<string, unknown>>;
    expect(seenByBlocked.map((r) => [r['display_name'], r['avatar_url']])).toEqual([[null, null]]);
    expect(await names(x.db)).toEqual([null]);
    // The thread itself (each side's own history) stays readable.
    expect(seenByBlocked[0]?.['last_content']).toBe('hello');
    await x.db.from('blocks').delete().eq('blocked_id', y.id);
    expect(await names(y.db)).toEqual(['Xander After']);
  });

  it('is_blocked answers no member about any pair', async () => {
    const { error } = await blocked.db.rpc('is_blocked', { a: blocked.id, b: blocker.id });
    expect(error?.code).toBe('42501');
    const { data } = await serviceClient().rpc('is_blocked', { a: blocked.id, b: blocker.id });
    expect(data).toBe(true);
    const anonAsk = await newClient().rpc('is_blocked', { a: blocked.id, b: blocker.id });
    expect(anonAsk.data).toBeNull();
  });
});
