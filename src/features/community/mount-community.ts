import { mount } from '~/components/app/mount.ts';
import { communityPage } from './community-page.ts';

mount(communityPage.island, communityPage.component);
