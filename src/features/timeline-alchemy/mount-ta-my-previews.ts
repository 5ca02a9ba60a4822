import { mount } from '~/components/app/mount.ts';
import { taMyPreviewsPage } from './pages.ts';

mount(taMyPreviewsPage.island, taMyPreviewsPage.component);
