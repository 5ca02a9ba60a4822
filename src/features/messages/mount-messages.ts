import { mount } from '~/components/app/mount.ts';
import { messagesPage } from './messages-page.ts';

mount(messagesPage.island, messagesPage.component);
