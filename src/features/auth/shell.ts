/** What the page shell (src/layouts/shell) runs of the auth feature on every page: keep it tiny. */
export { initUserMenu } from './user-menu.ts';
