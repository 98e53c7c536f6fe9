export { exportCsv, csvCell } from './export-csv';
export { exportQuery, exportParams, EXPORT_KINDS, type ExportKind, type ExportFilters } from './schemas';
