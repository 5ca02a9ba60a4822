import { mount } from '~/components/app/mount.ts';
import { taReviewPage } from './pages.ts';

mount(taReviewPage.island, taReviewPage.component);
