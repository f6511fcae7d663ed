/**
 * What other modules may ask of the statistics: the money per month and agent from the pre-aggregated
 * figures (the finances statistics read it), their refresh, and the job that keeps them fresh.
 */
export { MAX_AGE_MS, monthlyMoney, refreshStats, refreshedYears, type MoneyRow } from './aggregate.service.ts';
export { registerStatsJobs } from './refresh.jobs.ts';
/** The statistics files (CSV, XLSX, PDF) of a screen's tables; the finances statistics export with them. */
export { exportFile, financeTables, headingOf, text as exportText } from './export.service.ts';
export { sendFile } from './export.routes.ts';
