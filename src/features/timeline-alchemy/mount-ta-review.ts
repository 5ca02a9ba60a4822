import { mount } from '~/components/app/mount.ts';
import { taReviewPage } from './review/review-page.ts';

mount(taReviewPage.island, taReviewPage.component);
