import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import AuditApp from './AuditApp.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const auditIsland = { island: 'admin-audit', component: AuditApp };

/** /admin/audit: the audit log, newest first (admins only). */
export const auditPage: SignedInPageSpec = {
  ...auditIsland,
  path: '/admin/audit',
  title: 'meta.adminAudit.title',
  description: 'meta.adminAudit.description',
  heading: 'admin.audit.title',
  lead: 'admin.audit.lead',
  groups: ['app.', 'admin.'],
  props: (lang) => ({ lang }),
};
