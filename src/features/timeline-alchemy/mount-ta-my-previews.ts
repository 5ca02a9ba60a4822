import { mount } from '~/components/app/mount.ts';
import { taMyPreviewsIsland } from './client/my-previews-page.ts';

mount(taMyPreviewsIsland.island, taMyPreviewsIsland.component);
