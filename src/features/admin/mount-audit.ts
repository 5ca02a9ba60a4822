import { mount } from '~/components/app/mount.ts';
import { auditIsland } from './audit-page.ts';

mount(auditIsland.island, auditIsland.component);
