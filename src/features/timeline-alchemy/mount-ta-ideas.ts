import { mount } from '~/components/app/mount.ts';
import { taIdeasPage } from './pages.ts';

mount(taIdeasPage.island, taIdeasPage.component);
