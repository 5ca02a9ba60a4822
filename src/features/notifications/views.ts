/** The notifications feature's .astro components, for layouts and pages. */
export { default as NotificationBell } from './Bell.astro';
