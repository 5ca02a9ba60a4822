/** The privacy feature's server entry: the export and deletion endpoints (src/pages/api/account/*). */
export { handleDelete } from './delete-handler.ts';
export { handleExport } from './export-handler.ts';
