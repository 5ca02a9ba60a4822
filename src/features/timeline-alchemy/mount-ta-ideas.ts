import { mount } from '~/components/app/mount.ts';
import { taIdeasPage } from './ideas/ideas-page.ts';

mount(taIdeasPage.island, taIdeasPage.component);
