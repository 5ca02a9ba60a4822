import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';
import MembersApp from './MembersApp.tsx';

/** What the browser needs to hydrate the page (its mount-*.ts): the rest stays on the server. */
export const membersIsland = { island: 'admin-members', component: MembersApp };

/** /admin/members: find a member, suspend them or lift a suspension (admins only). */
export const membersPage: SignedInPageSpec = {
  ...membersIsland,
  path: '/admin/members',
  title: 'meta.adminMembers.title',
  description: 'meta.adminMembers.description',
  heading: 'admin.members.title',
  lead: 'admin.members.lead',
  groups: ['app.', 'admin.'],
  props: (lang) => ({ lang }),
};
