import { mount } from '~/components/app/mount.ts';
import { taReviewIsland } from './review/review-page.ts';

mount(taReviewIsland.island, taReviewIsland.component);
