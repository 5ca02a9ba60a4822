import { mount } from '~/components/app/mount.ts';
import { messagesIsland } from './messages-page.ts';

mount(messagesIsland.island, messagesIsland.component);
