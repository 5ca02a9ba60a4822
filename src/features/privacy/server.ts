/** The privacy feature's server entry: the export and deletion endpoints (src/pages/api/account/*). */

/** The calls as the member and their answers, shared with the account feature's e-mail-change endpoint. */
export { asMember, bearer, isUnauthorized, signInFirst, unreachable } from './backend.ts';
export { handleDelete } from './delete-handler.ts';
export { handleExport } from './export-handler.ts';
