import { mount } from '~/components/app/mount.ts';
import { taWizardPage } from './pages.ts';

mount(taWizardPage.island, taWizardPage.component);
