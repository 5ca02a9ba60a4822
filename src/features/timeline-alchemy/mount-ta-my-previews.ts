import { mount } from '~/components/app/mount.ts';
import { taMyPreviewsPage } from './client/my-previews-page.ts';

mount(taMyPreviewsPage.island, taMyPreviewsPage.component);
