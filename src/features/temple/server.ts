/** The temple feature's public entry: server-only code for endpoints and pages (never imported by browser code). */
export { getTempleLessons } from './lessons.ts';
