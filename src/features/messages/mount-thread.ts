import { mount } from '~/components/app/mount.ts';
import { messagesIsland } from './messages-page.ts';
// This address opens a thread at once: its code loads with the page, not after hydration.
import './Thread.tsx';

mount(messagesIsland.island, messagesIsland.component);
