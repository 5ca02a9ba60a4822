import { mount } from '~/components/app/mount.ts';
import { moderationPage } from './moderation-page.ts';

mount(moderationPage.island, moderationPage.component);
