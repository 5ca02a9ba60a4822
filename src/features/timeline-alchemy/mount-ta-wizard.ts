import { mount } from '~/components/app/mount.ts';
import { taWizardIsland } from './wizard/wizard-page.ts';

mount(taWizardIsland.island, taWizardIsland.component);
