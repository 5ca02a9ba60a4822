/** The mail-outbox feature's public entry: the worker with every kind of mail the site sends (server only). */
export { drainMailOutbox, mailTemplates } from './run.ts';
export { keepSentDays } from './upkeep.ts';
