import { mount } from '~/components/app/mount.ts';
import { profilePage } from './profile-page.ts';

mount(profilePage.island, profilePage.component);
