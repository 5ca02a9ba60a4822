import { LINKEDIN_VERSION, type PlatformConfig } from './config.ts';

/**
 * LinkedIn organization pages (Community Management API): after the OAuth round, the
 * organizations the member administers (`GET /rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR
 * &state=APPROVED`) with their names (`GET /rest/organizations?ids=List(…)`), offered beside the
 * member's own profile. An app without the product (LinkedIn answers 403) offers none, and the
 * member connects as themself.
 */

/** The author URN a LinkedIn connection posts as (connections store it; older ones a bare member id). */
export const linkedInAuthor = (accountId: string) =>
  accountId.startsWith('urn:li:') ? accountId : `urn:li:person:${accountId}`;

const restHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  'linkedin-version': LINKEDIN_VERSION,
  'x-restli-protocol-version': '2.0.0',
});

/** An option of the chooser, as `social_pages_offer` stores it (tokens sealed by the caller). */
type AuthorOption = { id: string; name: string; url: string | null };

/** The organizations this member administers, by name; [] when LinkedIn does not say. */
async function administeredOrganizations(cfg: PlatformConfig, token: string): Promise<AuthorOption[]> {
  const acls = await fetch(
    `${cfg.apiBase}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&count=100`,
    { headers: restHeaders(token), signal: AbortSignal.timeout(15_000) },
  );
  if (!acls.ok) {
    console.warn(`linkedin organizationAcls: HTTP ${acls.status} (no organization pages offered)`);
    return [];
  }
  const elements = ((await acls.json()) as { elements?: Array<{ organization?: string }> }).elements ?? [];
  const ids = [
    ...new Set(elements.map((e) => /^urn:li:organization:(\d+)$/.exec(e.organization ?? '')?.[1] ?? '')),
  ].filter(Boolean);
  if (ids.length === 0) return [];
  const looked = await fetch(`${cfg.apiBase}/rest/organizations?ids=List(${ids.join(',')})`, {
    headers: restHeaders(token),
    signal: AbortSignal.timeout(15_000),
  });
  const results = looked.ok
    ? ((
        (await looked.json()) as { results?: Record<string, { localizedName?: string; vanityName?: string }> }
      ).results ?? {})
    : {};
  const www = cfg.web;
  return ids.map((id) => {
    const org = results[id];
    return {
      id: `urn:li:organization:${id}`,
      name: org?.localizedName ?? id,
      url: `${www}/company/${org?.vanityName ?? id}/`,
    };
  });
}

/**
 * The chooser's offer after a LinkedIn connect: the member first, then each administered
 * organization, all with the member's (sealed) tokens. Empty when the member administers none.
 */
export async function linkedInOffer(
  cfg: PlatformConfig,
  member: { id: string; name: string },
  tokens: { access: string; refresh: string | null; expiresAt: Date | null },
  seal: (plain: string) => string,
) {
  const organizations = await administeredOrganizations(cfg, tokens.access);
  if (organizations.length === 0) return [];
  const sealed = {
    token: seal(tokens.access),
    refresh_token: tokens.refresh ? seal(tokens.refresh) : null,
    expires_at: tokens.expiresAt?.toISOString() ?? null,
  };
  return [{ id: linkedInAuthor(member.id), name: member.name, url: null }, ...organizations].map((o) => ({
    ...o,
    ...sealed,
  }));
}
