/** The contact feature's public entry: server-only code for endpoints and pages (never imported by browser code). */
export { handleContact } from './handler.ts';
export { supabaseContactStore } from './store.ts';
export { contactFormMessages } from './texts.ts';
