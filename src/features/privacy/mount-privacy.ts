import { mount } from '~/components/app/mount.ts';
import { privacyIsland } from './privacy-page.ts';

mount(privacyIsland.island, privacyIsland.component);
