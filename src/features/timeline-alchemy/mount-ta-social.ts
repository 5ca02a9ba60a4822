import { mount } from '~/components/app/mount.ts';
import { taSocialPage } from './social/social-page.ts';

mount(taSocialPage.island, taSocialPage.component);
