import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Account, jsonOf, type PlatformState, send } from './kit.ts';

/**
 * LinkedIn's organization pages on the local stand-in (Community Management API):
 * `GET /rest/organizationAcls?q=roleAssignee[&role=ADMINISTRATOR][&state=APPROVED]` (needs
 * `r_organization_admin` or `rw_organization_admin`; answers `{paging, elements: [{roleAssignee,
 * role, state, organization}]}`), `GET /rest/organizations/{id}` and the batch
 * `GET /rest/organizations?ids=List(1,2)` (`{results, statuses, errors}`), and who may act as which
 * author: a member as themself; as `urn:li:organization:{id}` only with an approved posting role
 * there and `w_organization_social`, else 403 ACCESS_DENIED in LinkedIn's error shape.
 * Organizations and roles are seeded below (the approval page's default account "innercircle"
 * administers two and is only an analyst of a third); tests add their own with
 * `POST /__acl {organization, name?, username, role}` (role null removes it; never part of LinkedIn).
 */
type Organization = { id: string; name: string; vanityName: string };
type Role = 'ADMINISTRATOR' | 'CONTENT_ADMINISTRATOR' | 'ANALYST';
const POSTING_ROLES: readonly string[] = ['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR'];

const SEED: Array<Organization & { roles: Record<string, Role> }> = [
  {
    id: '2414183',
    name: 'Zonnehuis Studio',
    vanityName: 'zonnehuis-studio',
    roles: { innercircle: 'ADMINISTRATOR' },
  },
  {
    id: '5118822',
    name: 'Atelier Noord',
    vanityName: 'atelier-noord',
    roles: { innercircle: 'ADMINISTRATOR' },
  },
  { id: '7004411', name: 'Kraamzorg Oost', vanityName: 'kraamzorg-oost', roles: { innercircle: 'ANALYST' } },
];

export const linkedInError = (status: number, code: string, message: string, serviceErrorCode?: number) => ({
  status,
  ...(serviceErrorCode ? { serviceErrorCode } : {}),
  code,
  message,
});

const denied = (res: ServerResponse, what: string) =>
  send(res, 403, linkedInError(403, 'ACCESS_DENIED', `Not enough permissions to access: ${what}`, 100));

export class LinkedInOrganizations {
  readonly organizations = new Map<string, Organization>();
  /** `${organization id}|${member id}` -> role (all APPROVED). */
  readonly roles = new Map<string, Role>();
  private readonly state: PlatformState;

  constructor(state: PlatformState) {
    this.state = state;
    for (const { roles, ...org } of SEED) {
      this.organizations.set(org.id, org);
      for (const [username, role] of Object.entries(roles)) this.setRole(org.id, username, role);
    }
  }

  setRole(organization: string, username: string, role: Role | null) {
    const key = `${organization}|${this.state.account(username).id}`;
    if (role) this.roles.set(key, role);
    else this.roles.delete(key);
  }

  private roleOf(member: Account, organization: string): Role | undefined {
    return this.roles.get(`${organization}|${member.id}`);
  }

  /**
   * May this member (with this token scope) act as `author`? Null when yes; otherwise the answer
   * has been sent (403 ACCESS_DENIED). `read`: reading the organization's posts (any approved role).
   */
  refuse(res: ServerResponse, member: Account, scope: string, author: unknown, what: string, read = false) {
    if (author === `urn:li:person:${member.id}`) return false;
    const org = /^urn:li:organization:(\d+)$/.exec(String(author))?.[1] ?? '';
    const role = this.roleOf(member, org);
    const scopes = scope.split(/[\s,]+/);
    const allowed = read
      ? role !== undefined && scopes.includes('r_organization_social')
      : role !== undefined && POSTING_ROLES.includes(role) && scopes.includes('w_organization_social');
    if (this.organizations.has(org) && allowed) return false;
    denied(res, what);
    return true;
  }

  private json(org: Organization) {
    return {
      id: Number(org.id),
      localizedName: org.name,
      vanityName: org.vanityName,
      name: { localized: { en_US: org.name }, preferredLocale: { country: 'US', language: 'en' } },
      primaryOrganizationType: 'NONE',
    };
  }

  /** The organization routes (and `/__acl`); false when the path is not one of them. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    member: Account | null,
    scope: string,
  ): Promise<boolean> {
    const path = url.pathname;
    if (path === '/__acl' && req.method === 'POST') {
      const body = (await jsonOf(req)) ?? {};
      const id = String(body['organization'] ?? '');
      if (!/^\d+$/.test(id)) {
        send(res, 400, { error: 'organization must be numeric' });
        return true;
      }
      if (!this.organizations.has(id)) {
        const name = String(body['name'] ?? `Organization ${id}`);
        this.organizations.set(id, { id, name, vanityName: name.toLowerCase().replace(/\W+/g, '-') });
      }
      const role = body['role'] === null ? null : (String(body['role'] ?? 'ADMINISTRATOR') as Role);
      this.setRole(id, String(body['username'] ?? ''), role);
      send(res, 200, { organization: id, role });
      return true;
    }
    const single = /^\/rest\/organizations\/(\d+)$/.exec(path);
    if (path !== '/rest/organizationAcls' && path !== '/rest/organizations' && !single) return false;
    if (!member) {
      send(res, 401, linkedInError(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600));
      return true;
    }
    if (req.method !== 'GET') {
      send(res, 405, linkedInError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed'));
      return true;
    }
    if (path === '/rest/organizationAcls') {
      if (
        req.headers['x-restli-protocol-version'] !== '2.0.0' ||
        url.searchParams.get('q') !== 'roleAssignee'
      ) {
        send(
          res,
          400,
          linkedInError(400, 'BAD_REQUEST', 'FINDER requests need q=roleAssignee and Rest.li 2.0.0'),
        );
        return true;
      }
      const scopes = scope.split(/[\s,]+/);
      if (!scopes.includes('r_organization_admin') && !scopes.includes('rw_organization_admin')) {
        denied(res, 'organizationAcls.FINDER-roleAssignee');
        return true;
      }
      const role = url.searchParams.get('role');
      const state = url.searchParams.get('state');
      const start = Number(url.searchParams.get('start') ?? 0);
      const count = Math.min(100, Number(url.searchParams.get('count') ?? 10));
      const all = [...this.roles.entries()]
        .map(([key, r]) => ({ organization: key.split('|')[0] ?? '', member: key.split('|')[1], role: r }))
        .filter(
          (a) => a.member === member.id && (!role || a.role === role) && (!state || state === 'APPROVED'),
        )
        .map((a) => ({
          roleAssignee: `urn:li:person:${member.id}`,
          state: 'APPROVED',
          role: a.role,
          organization: `urn:li:organization:${a.organization}`,
        }));
      send(res, 200, {
        paging: { start, count, total: all.length, links: [] },
        elements: all.slice(start, start + count),
      });
      return true;
    }
    if (single) {
      const org = this.organizations.get(single[1] ?? '');
      if (!org) send(res, 404, linkedInError(404, 'NOT_FOUND', `Organization ${single[1]} not found`));
      else send(res, 200, this.json(org));
      return true;
    }
    const ids = /^List\(([\d,]*)\)$/
      .exec(url.searchParams.get('ids') ?? '')?.[1]
      ?.split(',')
      .filter(Boolean);
    if (!ids) {
      send(res, 400, linkedInError(400, 'BAD_REQUEST', 'ids must be List(...)'));
      return true;
    }
    const results: Record<string, unknown> = {};
    const statuses: Record<string, number> = {};
    const errors: Record<string, unknown> = {};
    for (const id of ids) {
      const org = this.organizations.get(id);
      statuses[id] = org ? 200 : 404;
      if (org) results[id] = this.json(org);
      else errors[id] = { status: 404, message: `Organization ${id} not found` };
    }
    send(res, 200, { results, statuses, errors });
    return true;
  }
}
