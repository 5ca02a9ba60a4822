/** The notifications feature's light, browser-safe entry: the topics preferences are chosen by. */
export { TOPICS, type Topic } from './topics.ts';
