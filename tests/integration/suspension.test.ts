import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handleSuspend, handleUnsuspend } from '../../src/features/admin/server.ts';
import {
  ACTORS,
  type Actor,
  type ActorName,
  actor,
  arrange,
  freshUser,
  newClient,
  PASSWORD,
  serviceClient,
  USERS,
  url,
} from './helpers.ts';

/*
 * Issue 21 point 5: admins suspend a member. The endpoint asks the database (as the caller) and
 * only then bans through GoTrue's admin API; the member cannot sign in or refresh, and their
 * posts, comments and profile are hidden from others until the suspension is lifted. Every admin
 * action is in an append-only audit log only admins read.
 */

const deps = () => ({
  url: url(),
  anonKey: inject('supabaseAnonKey'),
  serviceKey: inject('supabaseServiceKey'),
});

async function tokenOf(a: Actor): Promise<string | null> {
  return (await a.db.auth.getSession()).data.session?.access_token ?? null;
}

function post(path: 'suspend' | 'unsuspend', token: string | null, body: unknown): Request {
  return new Request(`http://127.0.0.1/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function suspend(token: string | null, body: Record<string, unknown>) {
  const res = await handleSuspend(post('suspend', token, body), deps());
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
}
async function lift(token: string | null, userId: string) {
  const res = await handleUnsuspend(post('unsuspend', token, { userId }), deps());
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
}

async function bannedUntil(id: string): Promise<string | null> {
  const { data } = await serviceClient().auth.admin.getUserById(id);
  return (data.user as { banned_until?: string } | null)?.banned_until ?? null;
}

const admin = () => actor('admin');

describe('POST /api/admin/suspend and /unsuspend: who may', () => {
  const expected: Record<ActorName, number> = {
    anon: 401,
    memberA: 403,
    memberB: 403,
    clientA: 403,
    clientB: 403,
    admin: 200,
  };
  for (const name of ACTORS) {
    it(`${name}: ${expected[name]}`, async () => {
      const target = await freshUser(`Target Of ${name}`);
      const a = await actor(name);
      const res = await suspend(await tokenOf(a), { userId: target.id, duration: '1d', reason: 'Spam' });
      expect(res.status).toBe(expected[name]);
      if (res.status === 200) expect(await bannedUntil(target.id)).not.toBeNull();
      else {
        expect(await bannedUntil(target.id)).toBeNull();
        const { data } = await serviceClient()
          .from('member_suspensions')
          .select('user_id')
          .eq('user_id', target.id);
        expect(data).toEqual([]);
      }
      const lifted = await lift(await tokenOf(a), target.id);
      expect(lifted.status).toBe(expected[name]);
    });
  }

  it('a forged token is refused and bans nobody', async () => {
    const target = await freshUser();
    const forged = `${(await tokenOf(await actor('memberA')))?.slice(0, -4)}AAAA`;
    const res = await suspend(forged, { userId: target.id, duration: '1d', reason: 'x' });
    expect(res.status).toBe(401);
    expect(await bannedUntil(target.id)).toBeNull();
  });

  it('an admin cannot suspend themselves nor another admin (409 with a code to translate)', async () => {
    const token = await tokenOf(await admin());
    const self = await suspend(token, { userId: USERS.admin.id, duration: '1d', reason: 'x' });
    expect(self).toMatchObject({ status: 409, body: { error: { code: 'cannot_suspend_self' } } });
    const other = await freshUser('Second Admin');
    await serviceClient().from('profiles').update({ role: 'admin' }).eq('user_id', other.id);
    const res = await suspend(token, { userId: other.id, duration: '7d', reason: 'x' });
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'cannot_suspend_admin' } } });
    expect(await bannedUntil(other.id)).toBeNull();
  });

  it('bad input and unknown members are 4xx JSON, never 500', async () => {
    const token = await tokenOf(await admin());
    const bad = await suspend(token, { userId: USERS.memberA.id, duration: '2d', reason: 'x' });
    expect(bad).toMatchObject({ status: 422, body: { error: { code: 'invalid_input' } } });
    const blank = await suspend(token, { userId: USERS.memberA.id, duration: '1d', reason: '   ' });
    expect(blank.status).toBe(422);
    const nobody = await suspend(token, {
      userId: '00000000-0000-4000-8000-000000000000',
      duration: '1d',
      reason: 'x',
    });
    expect(nobody).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });
});

describe('the database functions, called directly', () => {
  for (const name of ['anon', 'memberA', 'clientA'] as const) {
    it(`${name} may not call suspend_member or lift_suspension`, async () => {
      const target = await freshUser();
      const a = await actor(name);
      const s = await a.db.rpc('suspend_member', { target: target.id, hours: 24, reason: 'x' });
      expect(s.error).not.toBeNull();
      const l = await a.db.rpc('lift_suspension', { target: target.id });
      expect(l.error).not.toBeNull();
      const { data } = await serviceClient()
        .from('member_suspensions')
        .select('user_id')
        .eq('user_id', target.id);
      expect(data).toEqual([]);
    });
  }

  it('nobody writes member_suspensions directly, not even an admin', async () => {
    const target = await freshUser();
    for (const name of ACTORS) {
      const a = await actor(name);
      await a.db
        .from('member_suspensions')
        .insert({ user_id: target.id, reason: 'x', created_by: USERS.admin.id });
    }
    const { data } = await serviceClient()
      .from('member_suspensions')
      .select('user_id')
      .eq('user_id', target.id);
    expect(data).toEqual([]);
  });
});

describe('a suspended member', () => {
  let target: Awaited<ReturnType<typeof freshUser>>;
  let postId: string;
  let commentId: string;
  let refreshToken: string;

  beforeAll(async () => {
    target = await freshUser('Suspended Sam');
    refreshToken = (await target.db.auth.getSession()).data.session?.refresh_token ?? '';
    postId = await arrange('posts', { user_id: target.id, title: 'Sam writes', content: 'Hello all' });
    commentId = await arrange('comments', { user_id: target.id, post_id: postId, content: 'A comment' });
    const res = await suspend(await tokenOf(await admin()), {
      userId: target.id,
      duration: 'indefinite',
      reason: 'Harassment',
    });
    expect(res.status).toBe(200);
  });

  it('cannot sign in: GoTrue answers user_banned, even with a wrong password', async () => {
    const db = newClient();
    const right = await db.auth.signInWithPassword({ email: target.email, password: PASSWORD });
    expect(right.error).toMatchObject({ code: 'user_banned', status: 400, message: 'User is banned' });
    const wrong = await db.auth.signInWithPassword({ email: target.email, password: 'not-the-password' });
    expect(wrong.error).toMatchObject({ code: 'user_banned' });
  });

  it('cannot refresh an open session', async () => {
    const res = await fetch(`${url()}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: inject('supabaseAnonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error_code: 'user_banned',
      msg: 'Invalid Refresh Token: User Banned',
    });
  });

  it('their post, comment and profile are hidden from other members and visitors, not from admins', async () => {
    const b = await actor('memberB');
    expect((await b.db.from('posts').select('id').eq('id', postId)).data).toEqual([]);
    expect((await b.db.from('comments').select('id').eq('id', commentId)).data).toEqual([]);
    expect((await b.db.from('profiles').select('user_id').eq('user_id', target.id)).data).toEqual([]);
    const anon = await actor('anon');
    expect((await anon.db.from('posts').select('id').eq('id', postId)).data).toEqual([]);
    const a = await admin();
    expect((await a.db.from('posts').select('id').eq('id', postId)).data).toHaveLength(1);
    expect((await a.db.from('member_suspensions').select('until').eq('user_id', target.id)).data).toEqual([
      { until: null },
    ]);
  });

  it('after lifting: signs in again and everything is visible again', async () => {
    expect((await lift(await tokenOf(await admin()), target.id)).status).toBe(200);
    expect(await bannedUntil(target.id)).toBeNull();
    const db = newClient();
    const signIn = await db.auth.signInWithPassword({ email: target.email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const b = await actor('memberB');
    expect((await b.db.from('posts').select('id').eq('id', postId)).data).toHaveLength(1);
    expect((await b.db.from('comments').select('id').eq('id', commentId)).data).toHaveLength(1);
    expect((await b.db.from('profiles').select('user_id').eq('user_id', target.id)).data).toHaveLength(1);
  });

  it('both actions are in the audit log, with who, what, target and reason', async () => {
    const a = await admin();
    const { data } = await a.db
      .from('admin_audit_log')
      .select('actor_id, action, target_kind, target_id, reason')
      .eq('target_id', target.id)
      .order('id', { ascending: true });
    expect(data).toEqual([
      {
        actor_id: USERS.admin.id,
        action: 'suspend',
        target_kind: 'member',
        target_id: target.id,
        reason: 'Harassment',
      },
      {
        actor_id: USERS.admin.id,
        action: 'lift_suspension',
        target_kind: 'member',
        target_id: target.id,
        reason: null,
      },
    ]);
  });
});

describe('the audit log is append-only and admins-only', () => {
  let rowId: number;
  beforeAll(async () => {
    const target = await freshUser();
    await suspend(await tokenOf(await admin()), { userId: target.id, duration: '1d', reason: 'Audit me' });
    const { data } = await serviceClient()
      .from('admin_audit_log')
      .select('id')
      .eq('target_id', target.id)
      .single();
    rowId = (data as { id: number }).id;
  });

  for (const name of ACTORS) {
    it(`${name}: reads ${name === 'admin' ? 'it' : 'nothing'}; cannot insert, update or delete`, async () => {
      const a = await actor(name);
      const read = await a.db.from('admin_audit_log').select('id').eq('id', rowId);
      expect(read.data ?? []).toHaveLength(name === 'admin' ? 1 : 0);
      await a.db.from('admin_audit_log').insert({
        actor_id: a.id ?? USERS.memberA.id,
        action: 'suspend',
        target_kind: 'member',
        reason: 'forged',
      });
      await a.db.from('admin_audit_log').update({ reason: 'rewritten' }).eq('id', rowId);
      await a.db.from('admin_audit_log').delete().eq('id', rowId);
      const { data } = await serviceClient().from('admin_audit_log').select('reason').eq('id', rowId);
      expect(data).toEqual([{ reason: 'Audit me' }]);
      const forged = await serviceClient().from('admin_audit_log').select('id').eq('reason', 'forged');
      expect(forged.data).toEqual([]);
    });
  }

  it('not even the service role can change or remove a row', async () => {
    const svc = serviceClient();
    const upd = await svc.from('admin_audit_log').update({ reason: 'rewritten' }).eq('id', rowId);
    expect(upd.error).not.toBeNull();
    const del = await svc.from('admin_audit_log').delete().eq('id', rowId);
    expect(del.error).not.toBeNull();
    const ins = await svc
      .from('admin_audit_log')
      .insert({ actor_id: USERS.admin.id, action: 'suspend', target_kind: 'member', reason: 'forged' });
    expect(ins.error).not.toBeNull();
    expect((await svc.from('admin_audit_log').select('reason').eq('id', rowId)).data).toEqual([
      { reason: 'Audit me' },
    ]);
  });

  it('not even the database owner can update, delete or truncate (triggers, not only grants)', async () => {
    const db = new pg.Client({ connectionString: inject('supabaseDbUrl') });
    await db.connect();
    try {
      for (const sql of [
        `update public.admin_audit_log set reason = 'rewritten' where id = ${rowId}`,
        `delete from public.admin_audit_log where id = ${rowId}`,
        'truncate public.admin_audit_log',
      ]) {
        await expect(db.query(sql)).rejects.toThrow(/append-only/);
      }
      const { rows } = await db.query('select reason from public.admin_audit_log where id = $1', [rowId]);
      expect(rows).toEqual([{ reason: 'Audit me' }]);
    } finally {
      await db.end();
    }
  });

  it('a moderation decision is logged too', async () => {
    const author = await freshUser('Reported Author');
    const postId = await arrange('posts', { user_id: author.id, title: 'Reported', content: 'Something' });
    const reportId = await arrange('reports', {
      reporter_id: USERS.memberA.id,
      post_id: postId,
      reason: 'Rude',
    });
    const a = await admin();
    const { error } = await a.db.rpc('moderate_report', { report_id: reportId, decision: 'keep' });
    expect(error).toBeNull();
    const { data } = await a.db
      .from('admin_audit_log')
      .select('action, target_kind, actor_id')
      .eq('target_id', postId);
    expect(data).toEqual([{ action: 'moderate_keep', target_kind: 'post', actor_id: USERS.admin.id }]);
  });
});
