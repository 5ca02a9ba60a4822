import { mount } from '~/components/app/mount.ts';
import { taWizardPage } from './wizard/wizard-page.ts';

mount(taWizardPage.island, taWizardPage.component);
